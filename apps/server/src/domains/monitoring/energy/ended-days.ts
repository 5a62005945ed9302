import { addDays, localDateOf } from '@ess/contract';
import type { Db } from '../../../db/client';
import { selectStations } from '../../stations/station';
import { pricedDaysOf } from './priced-days';

/** Ended days each run makes sure are stored: yesterday and the six before (late data, a stop over a weekend). */
export const STORED_DAYS_BACK = 7;

/**
 * Stores the last ended days of every station's storage counters per period
 * (energy_period_day), as the first read of them would, so a statement or a glance of the past
 * reads five rows a day and never waits for the quarter-hours. Returns the stations read.
 */
export async function storeEndedDays(db: Db, now = Date.now()): Promise<number> {
  const stations = await selectStations(db);
  const zones = new Map<string, typeof stations>();
  for (const s of stations) zones.set(s.timezone, [...(zones.get(s.timezone) ?? []), s]);
  for (const [tz, group] of zones) {
    const yesterday = addDays(localDateOf(now, tz), -1);
    await pricedDaysOf(db, group, addDays(yesterday, 1 - STORED_DAYS_BACK), yesterday, now);
  }
  return stations.length;
}
