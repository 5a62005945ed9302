import { REMOTE_VALUE_LIMIT } from './control';
import type { DeviceType, PointKind } from './device';
import { DEVICE_MODELS } from './device-catalog';

/**
 * The one check of a value sent to a device point (issue 20 finding 5): remote control,
 * cabinet commands, the station setpoint, sequence steps and plan curve segments all pass it,
 * at save and again right before sending, and the command service refuses what fails it.
 */

/** What bounds a value: a device's stored point, or the catalogue's definition of it. */
export type CommandPointLimits = {
  kind: PointKind;
  unit: string | null;
  min?: number | null;
  max?: number | null;
  states?: Record<string, unknown> | null;
};

/**
 * A power setpoint (kW) asks for no more than the station is rated for, in either direction:
 * the EMS's station setpoint has no range of its own (the rating is its range), and no unit of
 * a station may be driven past the station's rating.
 */
export const isPowerSetpoint = (p: Pick<CommandPointLimits, 'kind' | 'unit'>): boolean =>
  p.kind === 'setpoint' && p.unit === 'kW';

/** The station power setpoint of an EMS (`pSet`) and of a plan curve segment: kW, both signs. */
export const STATION_POWER_POINT: CommandPointLimits = { kind: 'setpoint', unit: 'kW', min: null, max: null };

/** Why a value may not be sent, with what bounds it. */
export type CommandValueProblem =
  /** Not a setpoint or control point: nothing may be written there. */
  | { problem: 'notCommand' }
  /** Not a finite number within spec 5's ±65,535. */
  | { problem: 'limit'; min: number; max: number }
  /** A control point takes one of its states. */
  | { problem: 'state'; states: number[] }
  /** Outside the point's own range. */
  | { problem: 'range'; min: number; max: number }
  /** Outside ± the station's rated power (tighter than the point's own range). */
  | { problem: 'rated'; min: number; max: number; ratedPowerKw: number };

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The values a point takes: spec 5's ±65,535, narrowed by the point's range and, for a power
 * setpoint, by ± the station's rated power (null: not known here). `rated`: the rating is what
 * narrows it on one side at least.
 */
export function commandValueBounds(
  p: CommandPointLimits,
  ratedPowerKw: number | null,
): { min: number; max: number; rated: boolean } {
  const pointMin = Math.max(-REMOTE_VALUE_LIMIT, finite(p.min) ? p.min : -REMOTE_VALUE_LIMIT);
  const pointMax = Math.min(REMOTE_VALUE_LIMIT, finite(p.max) ? p.max : REMOTE_VALUE_LIMIT);
  if (!isPowerSetpoint(p) || !finite(ratedPowerKw) || ratedPowerKw < 0) {
    return { min: pointMin, max: pointMax, rated: false };
  }
  const min = Math.max(pointMin, -ratedPowerKw);
  const max = Math.min(pointMax, ratedPowerKw);
  return { min, max, rated: min > pointMin || max < pointMax };
}

/** What is wrong with sending `value` to the point, or null when it may be sent. */
export function commandValueProblem(
  p: CommandPointLimits,
  value: number,
  ratedPowerKw: number | null,
): CommandValueProblem | null {
  if (p.kind !== 'setpoint' && p.kind !== 'control') return { problem: 'notCommand' };
  if (!Number.isFinite(value) || Math.abs(value) > REMOTE_VALUE_LIMIT) {
    return { problem: 'limit', min: -REMOTE_VALUE_LIMIT, max: REMOTE_VALUE_LIMIT };
  }
  if (p.states) {
    const states = Object.keys(p.states)
      .map(Number)
      .sort((a, b) => a - b);
    return states.includes(value) ? null : { problem: 'state', states };
  }
  const b = commandValueBounds(p, ratedPowerKw);
  if (value >= b.min && value <= b.max) return null;
  if (b.rated && finite(ratedPowerKw)) return { problem: 'rated', min: b.min, max: b.max, ratedPowerKw };
  return { problem: 'range', min: b.min, max: b.max };
}

/**
 * A value for a point of a device type whose device is not known yet (a generic sequence step):
 * refused only when no catalogue model of the type takes it, so it can never be sent.
 */
export function catalogueValueProblem(type: DeviceType, code: string, value: number): CommandValueProblem | null {
  const defs = DEVICE_MODELS.filter((m) => m.type === type).flatMap((m) => m.points.filter((p) => p.code === code));
  if (defs.length === 0) return { problem: 'notCommand' };
  let first: CommandValueProblem | null = null;
  for (const def of defs) {
    const problem = commandValueProblem(def, value, null);
    if (!problem) return null;
    first ??= problem;
  }
  return first;
}
