import { addDays, type DayCoverage, datesBetween, localDayStart, quartersOfDay } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { StationRow } from '../../stations/device';
import { counterBuckets } from './energy.repository';
import { bucketMicro } from './period-split';

/**
 * A local day of one or more energy counters added together, in micro-kWh, with its coverage:
 * the quarter-hours in which every counter read (`hasData` false: none of them read that day).
 */
export type CounterDay = { date: string; hasData: boolean; micro: number; coverage: DayCoverage };

/**
 * The summed increase of counter points per station-local day of [from, to], from 15-minute
 * bucket differences (bucketMicro: a reset or a gap never gives negative energy).
 */
export async function counterDays(
  db: Db,
  station: Pick<StationRow, 'timezone'>,
  ids: number[],
  from: string,
  to: string,
  now = Date.now(),
): Promise<CounterDay[]> {
  const tz = station.timezone;
  const start = localDayStart(from, tz);
  const end = localDayStart(addDays(to, 1), tz);
  const buckets = ids.length ? await counterBuckets(db, ids, start, end, tz) : [];
  const micro = new Map<string, number>();
  const seen = new Map<string, Map<number, number>>();
  for (const b of buckets) {
    micro.set(b.day, (micro.get(b.day) ?? 0) + bucketMicro(b));
    const perPoint = seen.get(b.day) ?? new Map<number, number>();
    perPoint.set(b.p, (perPoint.get(b.p) ?? 0) + 1);
    seen.set(b.day, perPoint);
  }
  return datesBetween(from, to).map((date) => {
    const perPoint = seen.get(date);
    const quarters = perPoint && perPoint.size === ids.length ? Math.min(...perPoint.values()) : 0;
    return {
      date,
      hasData: micro.has(date),
      micro: micro.get(date) ?? 0,
      coverage: {
        quarters,
        expected: quartersOfDay(date, tz),
        ended: localDayStart(addDays(date, 1), tz) <= now,
      },
    };
  });
}
