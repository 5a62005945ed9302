import { addDays, localDateOf, localDayStart, localParts, PLAN_STEPS } from '@ess/contract';
import type { Db } from '../../../db/client';
import { findTotalsDevice } from '../../monitoring/monitoring';
import { quarterBuckets } from '../../stations/point';
import type { DayLoad } from './load-forecast';

/** Load and PV of a station's local days, per quarter-hour of wall-clock time (kW, null = none). */
export type StationHistory = { load: Map<string, DayLoad>; pv: Map<string, DayLoad> };

/**
 * Folds 15-minute roll-up averages into local days of 96 wall-clock steps. On the day clocks
 * go back, the repeated hour's two buckets of one step are averaged; on the day they go
 * forward, the skipped steps stay null.
 */
export function toLocalDays(buckets: [t: number, avg: number][], tz: string): Map<string, DayLoad> {
  const sums = new Map<string, { sum: number[]; n: number[] }>();
  for (const [t, avg] of buckets) {
    const date = localDateOf(t, tz);
    const { hour, minute } = localParts(t, tz);
    const s = Math.floor((hour * 60 + minute) / 15);
    let day = sums.get(date);
    if (!day) {
      day = { sum: new Array<number>(PLAN_STEPS).fill(0), n: new Array<number>(PLAN_STEPS).fill(0) };
      sums.set(date, day);
    }
    day.sum[s] = (day.sum[s] ?? 0) + avg;
    day.n[s] = (day.n[s] ?? 0) + 1;
  }
  const out = new Map<string, DayLoad>();
  for (const [date, { sum, n }] of sums)
    out.set(
      date,
      sum.map((v, s) => ((n[s] ?? 0) > 0 ? v / (n[s] ?? 1) : null)),
    );
  return out;
}

/**
 * The station totals device's `loadPower` and `pvPower` over local dates [from, to] (inclusive),
 * from the 15-minute roll-ups. A station without a totals device has no history.
 */
export async function readStationHistory(
  db: Db,
  station: { id: number; timezone: string },
  from: string,
  to: string,
): Promise<StationHistory> {
  const totals = await findTotalsDevice(db, station.id);
  const loadId = totals?.pointIds.loadPower;
  const pvId = totals?.pointIds.pvPower;
  const ids = [loadId, pvId].filter((id): id is number => id !== undefined);
  if (ids.length === 0) return { load: new Map(), pv: new Map() };
  const start = localDayStart(from, station.timezone);
  const end = localDayStart(addDays(to, 1), station.timezone) - 1;
  const rows = await quarterBuckets(db, ids, start, end);
  const days = (id: number | undefined) => {
    const b = rows.find((r) => r.p === id)?.b ?? [];
    return toLocalDays(
      b.filter((x) => x[0] >= start && x[0] <= end).map((x): [number, number] => [x[0], x[1]]),
      station.timezone,
    );
  };
  return { load: days(loadId), pv: days(pvId) };
}
