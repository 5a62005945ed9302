import { MAX_INDICATORS } from '@ess/contract';

/**
 * A row of a configuration dialog being edited. `dragId` is the client's key for ordering (spec
 * 3: "rows get a client drag id"); `deviceId` is the device source the point was chosen from.
 */
export type DraftRow = {
  dragId: string;
  deviceId: number;
  deviceName: string;
  flgId: number;
  col: string;
  colName: string;
  unit: string | null;
  /** curveName of a curve row, name of a point row; '' uses the point's name. */
  label: string;
};

export type AddOutcome = { rows: DraftRow[]; rejected: 'limit' | 'single' | null };

let seq = 0;
/** A fresh drag id, unique within the page's life. */
export const newDragId = (): string => {
  seq += 1;
  return `row-${Date.now().toString(36)}-${seq}`;
};

/**
 * Adds picked points after the rows already chosen, skipping points already there. With
 * `single`, the list holds one point only (spec 5: one ordinary or cell-split point), which the
 * pick replaces; more than one picked at once is refused. Past `max` rows nothing is added.
 */
export function addRows(
  rows: readonly DraftRow[],
  picked: readonly Omit<DraftRow, 'dragId'>[],
  opts: { single?: boolean; max?: number } = {},
): AddOutcome {
  const max = opts.max ?? MAX_INDICATORS;
  if (opts.single) {
    if (picked.length > 1) return { rows: [...rows], rejected: 'single' };
    const [one] = picked;
    return { rows: one ? [{ ...one, dragId: newDragId() }] : [...rows], rejected: null };
  }
  const fresh = picked.filter((p) => !rows.some((r) => r.flgId === p.flgId));
  if (rows.length + fresh.length > max) return { rows: [...rows], rejected: 'limit' };
  return { rows: [...rows, ...fresh.map((p) => ({ ...p, dragId: newDragId() }))], rejected: null };
}

/** Moves the row `dragId` to where `beforeId` is (drop target), or to the end when null. */
export function moveRow(rows: readonly DraftRow[], dragId: string, beforeId: string | null): DraftRow[] {
  const moving = rows.find((r) => r.dragId === dragId);
  if (!moving || dragId === beforeId) return [...rows];
  const rest = rows.filter((r) => r.dragId !== dragId);
  const at = beforeId === null ? rest.length : rest.findIndex((r) => r.dragId === beforeId);
  rest.splice(at < 0 ? rest.length : at, 0, moving);
  return rest;
}

/** Moves a row one place up (-1) or down (+1); the keyboard alternative to dragging. */
export function stepRow(rows: readonly DraftRow[], dragId: string, step: -1 | 1): DraftRow[] {
  const i = rows.findIndex((r) => r.dragId === dragId);
  const j = i + step;
  if (i < 0 || j < 0 || j >= rows.length) return [...rows];
  const out = [...rows];
  const [a, b] = [out[i], out[j]];
  if (!a || !b) return out;
  out[i] = b;
  out[j] = a;
  return out;
}

/** Spec 5: a configuration may be saved only when every row came from a chosen device source. */
export const canSave = (rows: readonly DraftRow[]): boolean =>
  rows.every((r) => Number.isInteger(r.deviceId) && r.deviceId > 0);

export const labelOrNull = (label: string): string | null => (label.trim() === '' ? null : label.trim());
