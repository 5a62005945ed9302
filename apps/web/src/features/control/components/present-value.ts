import {
  type CommandPointLimits,
  type ControlPoint,
  commandReading,
  type LiveValues,
  type PointMeta,
} from '@ess/contract';
import { pointValueText } from './value-rules';

/** What a command point is now: its text and, for a measured reading, the reading's name. */
export type Present = { text: string; measuredBy: string | null };

/**
 * The present value of a command point from its device's live readings (devices report no
 * setpoints or controls, command-readback.ts): a control by its state's label ("Running"), a
 * setpoint by what it produces; a reading the point's states do not cover by its own label
 * ("Fault"). Null when the device reported nothing that shows it.
 */
export function presentValue(
  point: ControlPoint,
  live: LiveValues | undefined,
  meta: PointMeta[] | undefined,
): Present | null {
  const readings: Record<string, number> = {};
  for (const [code, v] of Object.entries(live ?? {})) readings[code] = v.value;
  const r = commandReading(point.code, readings);
  if (!r) return point.value === null ? null : { text: pointValueText(point, point.value), measuredBy: null };
  const readingMeta = meta?.find((m) => m.code === r.code);
  const inStates = !point.states || point.states.some((s) => s.value === r.value);
  if (r.value !== null && inStates) {
    return { text: pointValueText(point, r.value), measuredBy: r.measured ? (readingMeta?.name ?? null) : null };
  }
  return { text: readingMeta?.states?.[String(r.reading)] ?? String(r.reading), measuredBy: null };
}

/** A point as the shared value check (command-value.ts) reads it; the server already narrowed min/max by rating. */
export const limitsOf = (p: ControlPoint): CommandPointLimits => ({
  kind: p.kind,
  unit: p.unit,
  min: p.min,
  max: p.max,
  states: p.states ? Object.fromEntries(p.states.map((s) => [String(s.value), s.label])) : null,
});
