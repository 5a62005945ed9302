import type { DeviceModelDef, LayoutDevice } from '@ess/contract';

/** Point values by point code, unrounded. */
export type PointValues = Record<string, number>;

/**
 * A simulated device: a small model with state and `step(dt, t)`, seen through its model's
 * telemetry and status points. Inputs that come from the rest of the station (a power
 * command, a meter's measured flow) are set on the model before its step.
 */
export interface SimDevice {
  readonly layout: LayoutDevice;
  readonly model: DeviceModelDef;
  step(dtS: number, t: Date): void;
  /** Every telemetry and status point of the model. */
  readings(): PointValues;
  /** Why the device refuses a command in its present state (an interlock), or null. */
  refuse?(points: Record<string, number>): string | null;
  /** Applies a setpoint or control already checked against the model and `pointRange`. */
  apply?(code: string, value: number, t: Date): void;
  /** This unit's own range of a setpoint where it is narrower than the model's (a 100 kW PCS). */
  pointRange?(code: string): { min: number; max: number } | undefined;
  /** Energy counters to start from (restored from the platform's last readings). */
  restoreCounters?(values: PointValues): void;
}

/** How long a power setpoint (`pSet`) overrides the schedule. */
export const OVERRIDE_S = 15 * 60;

/** A setpoint in force until a deadline (epoch ms). */
export type Override = { kw: number; untilMs: number };

export const activeOverride = (o: Override | null, t: Date): number | null =>
  o && t.getTime() < o.untilMs ? o.kw : null;
