import type { DeviceModelDef } from '@ess/contract';

/** Device-specific narrowing of a setpoint's range (a unit's own rating). */
export type RangeOf = (code: string) => { min: number; max: number } | undefined;

/**
 * Checks a command's points against the device's model: only setpoints and controls, finite
 * numbers within range, controls one of their listed states. Null when every point is fine.
 */
export function checkCommandPoints(
  model: DeviceModelDef,
  points: Record<string, number>,
  rangeOf: RangeOf = () => undefined,
): string | null {
  const codes = Object.keys(points);
  if (codes.length === 0) return 'no points';
  for (const code of codes) {
    const value = points[code];
    const def = model.points.find((p) => p.code === code);
    if (!def || (def.kind !== 'setpoint' && def.kind !== 'control')) return `unknown point ${code}`;
    if (value === undefined || !Number.isFinite(value)) return `${code} is not a number`;
    if (def.states && !(String(value) in def.states))
      return `${code} must be one of ${Object.keys(def.states).join(', ')}`;
    const own = rangeOf(code);
    const min = Math.max(def.min ?? Number.NEGATIVE_INFINITY, own?.min ?? Number.NEGATIVE_INFINITY);
    const max = Math.min(def.max ?? Number.POSITIVE_INFINITY, own?.max ?? Number.POSITIVE_INFINITY);
    if (value < min || value > max) return `${code} out of range ${min} … ${max}`;
  }
  return null;
}
