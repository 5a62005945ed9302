export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/**
 * Exact solution of a first-order lag over a step: `value` moves toward `target` with time
 * constant `tauS`. Unlike an Euler step it never overshoots, whatever the step length.
 */
export const relax = (value: number, target: number, dtS: number, tauS: number): number =>
  target + (value - target) * Math.exp(-dtS / tauS);

/** Rounds to `digits` decimals; never returns -0. */
export const roundTo = (v: number, digits: number): number => {
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r;
};

export const HOUR_S = 3600;
export const DAY_MS = 86_400_000;
