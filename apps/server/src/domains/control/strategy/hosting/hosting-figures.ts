import { localDateOf } from '@ess/contract';
import type { Db } from '../../../../db/client';
import { dayRevenue, EnergyService } from '../../../monitoring/energy';
import type { StationRow } from '../../../stations/station';
import { readStationHistory } from '../load-history';
import type { HostingDayDbRow } from './hosting.repository';

export type DayFigures = {
  actualRevenue: number | null;
  partial: boolean;
  forecastErrorPct: number | null;
  actualLoadKw: (number | null)[];
};

/**
 * Mean absolute error of a load forecast against the metered load, as a share of the mean
 * metered load (%), over the quarter hours metered so far; null without any.
 */
export function forecastError(forecastKw: number[], actualKw: (number | null)[]): number | null {
  let err = 0;
  let sum = 0;
  let n = 0;
  actualKw.forEach((a, i) => {
    const f = forecastKw[i];
    if (a === null || f === undefined) return;
    err += Math.abs(f - a);
    sum += a;
    n++;
  });
  if (n === 0 || sum <= 0) return null;
  return (err / n / (sum / n)) * 100;
}

/** What the days earned by the meters and how far the load forecast was off, for days begun. */
export async function dayFigures(
  db: Db,
  station: StationRow,
  days: HostingDayDbRow[],
  now: number,
): Promise<Map<number, DayFigures>> {
  const out = new Map<number, DayFigures>();
  const today = localDateOf(now, station.timezone);
  const begun = days
    .filter((d) => d.date <= today)
    .map((d) => d.date)
    .sort();
  const from = begun[0];
  const to = begun.at(-1);
  if (!from || !to) return out;
  const [priced, history] = await Promise.all([
    new EnergyService(db).pricedDays(station, from, to, now),
    readStationHistory(db, station, from, to),
  ]);
  for (const d of days) {
    if (d.date > today) continue;
    const day = priced?.find((p) => p.date === d.date);
    const actualLoadKw = history.load.get(d.date) ?? d.loadKw.map(() => null);
    out.set(d.id, {
      actualRevenue: day?.hasData ? dayRevenue(day) : null,
      partial: d.date === today,
      forecastErrorPct: forecastError(d.loadKw, actualLoadKw),
      actualLoadKw,
    });
  }
  return out;
}
