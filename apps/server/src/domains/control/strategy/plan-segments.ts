import type { StrategyPlanSegment } from '@ess/contract';

/** Minutes of the day as `HH:mm`; 1440 is '24:00' (the end of the last segment). */
export const hhmmOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Plan power is given to 0.1 kW: finer differences are solver noise, not a new segment. */
export const roundKw = (kw: number): number => {
  const r = Math.round(kw * 10) / 10;
  return Object.is(r, -0) ? 0 : r;
};

/**
 * A 96-step schedule as plan curve segments: consecutive quarter-hours of equal (rounded) power
 * merged into one segment, each carrying the SOC reserve of the settings (percent). The shape
 * is the plan-curve template's, so a budget can be saved as a template as it is.
 */
export function planSegments(powerKw: number[], socMin: number, socMax: number): StrategyPlanSegment[] {
  const step = 1440 / powerKw.length;
  const out: StrategyPlanSegment[] = [];
  powerKw.forEach((p, s) => {
    const kw = roundKw(p);
    const last = out.at(-1);
    const end = hhmmOf(Math.round((s + 1) * step));
    if (last && last.powerKw === kw) last.end = end;
    else out.push({ start: hhmmOf(Math.round(s * step)), end, powerKw: kw, socMax, socMin });
  });
  return out;
}
