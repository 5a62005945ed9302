import { clamp } from './numeric';

/**
 * Efficiency of a bidirectional converter at a share of its rating: about 98.5 % from half
 * load up, falling at light load where fixed switching and magnetising losses dominate.
 */
export const conversionEfficiency = (loadFraction: number): number =>
  clamp(0.988 - 0.0015 / Math.max(loadFraction, 0.01), 0.85, 0.99);

/** Phase current of a balanced three-phase flow, A (phase voltage in V, powers in kW/kVar). */
export const phaseCurrentA = (pKw: number, qKvar: number, phaseV: number): number =>
  (Math.hypot(pKw, qKvar) * 1000) / (3 * phaseV);

/** Run state codes of PCS-1250 and CAB-215. */
export const RUN_STATE = { standby: 0, charging: 1, discharging: 2, fault: 3, shutdown: 4 } as const;
export type RunState = (typeof RUN_STATE)[keyof typeof RUN_STATE];

/** Below this the converter is idling, not charging or discharging. */
export const IDLE_KW = 0.5;

export function runState(pKw: number, running: boolean, fault: boolean): RunState {
  if (fault) return RUN_STATE.fault;
  if (!running) return RUN_STATE.shutdown;
  if (pKw > IDLE_KW) return RUN_STATE.discharging;
  if (pKw < -IDLE_KW) return RUN_STATE.charging;
  return RUN_STATE.standby;
}
