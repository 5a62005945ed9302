import { describe, expect, it } from 'vitest';
import { addRows, canSave, type DraftRow, labelOrNull, moveRow, stepRow } from './config-rows';

const point = (flgId: number, deviceId = 7): Omit<DraftRow, 'dragId'> => ({
  deviceId,
  deviceName: `D${deviceId}`,
  flgId,
  col: `c${flgId}`,
  colName: `Point ${flgId}`,
  unit: 'kW',
  label: '',
});

describe('configuration rows', () => {
  it('adds picked points once each, with their own drag ids, in the order picked', () => {
    const first = addRows([], [point(1), point(2)]);
    expect(first.rejected).toBeNull();
    expect(first.rows.map((r) => r.flgId)).toEqual([1, 2]);
    expect(new Set(first.rows.map((r) => r.dragId)).size).toBe(2);
    const again = addRows(first.rows, [point(2), point(3)]);
    expect(again.rows.map((r) => r.flgId)).toEqual([1, 2, 3]);
  });

  it('refuses to go past the limit (50 indicators by default) and keeps the rows', () => {
    const full = addRows(
      [],
      Array.from({ length: 50 }, (_, i) => point(i + 1)),
    );
    expect(full.rows).toHaveLength(50);
    const over = addRows(full.rows, [point(51)]);
    expect(over.rejected).toBe('limit');
    expect(over.rows).toHaveLength(50);
    expect(addRows([], [point(1), point(2), point(3)], { max: 2 }).rejected).toBe('limit');
  });

  it('holds a single point in single mode: a new pick replaces it, several at once are refused', () => {
    const one = addRows([], [point(1)], { single: true });
    const other = addRows(one.rows, [point(2)], { single: true });
    expect(other.rows.map((r) => r.flgId)).toEqual([2]);
    const two = addRows(other.rows, [point(3), point(4)], { single: true });
    expect(two.rejected).toBe('single');
    expect(two.rows.map((r) => r.flgId)).toEqual([2]);
  });

  it('reorders by drag (drop before a row, or at the end) and by steps', () => {
    const { rows } = addRows([], [point(1), point(2), point(3)]);
    const [a, b, c] = rows.map((r) => r.dragId);
    const ids = (rs: DraftRow[]) => rs.map((r) => r.flgId);
    expect(ids(moveRow(rows, c ?? '', a ?? null))).toEqual([3, 1, 2]);
    expect(ids(moveRow(rows, a ?? '', null))).toEqual([2, 3, 1]);
    expect(ids(moveRow(rows, b ?? '', b ?? null))).toEqual([1, 2, 3]);
    expect(ids(stepRow(rows, b ?? '', -1))).toEqual([2, 1, 3]);
    expect(ids(stepRow(rows, c ?? '', 1))).toEqual([1, 2, 3]);
  });

  it('saves only rows with a device source; blank labels fall back to the point name', () => {
    const { rows } = addRows([], [point(1)]);
    expect(canSave(rows)).toBe(true);
    expect(canSave([...rows, { ...point(2, 0), dragId: 'x' }])).toBe(false);
    expect(labelOrNull('  ')).toBeNull();
    expect(labelOrNull(' Hot cell ')).toBe('Hot cell');
  });
});
