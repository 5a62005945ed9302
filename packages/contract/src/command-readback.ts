/**
 * Devices report telemetry and status points, never their setpoints or controls (the
 * simulator's telemetry encoder, a real PCS's register map): the present state of a command
 * point is read from the reported point that shows it. Control screens show that reading as
 * the point's current value (issue 21 finding 6).
 */
export type CommandReadback = {
  /** The reported point that shows the command point's present state. */
  code: string;
  /**
   * The reading in the command point's own states (e.g. run state 4 shutdown → startStop 0),
   * null when the reading does not say (a fault: shown by the reading's own label). Absent:
   * the reading is in the command point's terms already.
   */
  toState?: (reading: number) => number | null;
  /** The reading is a measurement of what the setpoint asks for (actual power for `pSet`). */
  measured?: boolean;
};

/** Run state codes (device catalogue `RUN_STATES`): 3 fault, 4 shutdown; the others run. */
const RUN_FAULT = 3;
const RUN_SHUTDOWN = 4;

export const COMMAND_READBACK: Readonly<Record<string, CommandReadback>> = {
  // PCS and cabinets: the power setpoint by the active power it produces (> 0 discharge).
  pSet: { code: 'p', measured: true },
  // PCS and cabinets: running unless shut down; a fault says so itself.
  startStop: {
    code: 'runState',
    toState: (v) => (v === RUN_SHUTDOWN ? 0 : v === RUN_FAULT ? null : 1),
  },
  dcBreaker: { code: 'dcBreakerState' },
  // EMS: the mode it reports is the mode set; a stopped EMS reports manual (0), so a mode
  // other than manual means it runs, and manual says only that.
  modeSet: { code: 'mode' },
  runControl: { code: 'mode', toState: (v) => (v === 0 ? null : 1) },
};

/** The present state of a command point from its device's readings, or null when not reported. */
export function commandReading(
  pointCode: string,
  readings: Readonly<Record<string, number | null | undefined>>,
): { code: string; reading: number; value: number | null; measured: boolean } | null {
  const rb = COMMAND_READBACK[pointCode];
  if (!rb) return null;
  const reading = readings[rb.code];
  if (typeof reading !== 'number' || !Number.isFinite(reading)) return null;
  return { code: rb.code, reading, value: rb.toState ? rb.toState(reading) : reading, measured: rb.measured ?? false };
}
