import { addDays, PLAN_STEPS } from '@ess/contract';
import type { LoadHistory } from './load-forecast';

/** PV looks back one week: the sun's path changes little in seven days. */
export const PV_DAYS = 7;

/**
 * Day-ahead PV per quarter-hour: the mean of the last 7 days at each step (already shaped by the
 * sun at the site), scaled by the day's forecast clearness over the mean clearness of the days
 * used (a cloudy forecast day gives less). Steps without any measurement give 0, so a station
 * without PV plans with none.
 */
export function forecastPv(pv: LoadHistory, clearness: ReadonlyMap<string, number>, date: string): number[] {
  const days = Array.from({ length: PV_DAYS }, (_, j) => addDays(date, -(j + 1))).filter((d) => pv.has(d));
  const cs = days.flatMap((d) => (clearness.has(d) ? [clearness.get(d) ?? 0] : []));
  const baseClear = cs.length ? cs.reduce((a, b) => a + b, 0) / cs.length : 0;
  const target = clearness.get(date);
  const scale = target !== undefined && baseClear > 0.05 ? Math.min(2, target / baseClear) : 1;
  return Array.from({ length: PLAN_STEPS }, (_, s) => {
    const vs = days.flatMap((d) => {
      const v = pv.get(d)?.[s];
      return v == null ? [] : [v];
    });
    return vs.length ? Math.max(0, (scale * vs.reduce((a, b) => a + b, 0)) / vs.length) : 0;
  });
}
