import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, queryRows } from '../../stations/device';

/** A stored day of one counter: energy (micro-kWh) and quarter-hours per period, in TOU_PERIODS order. */
export type StoredPeriodDay = { p: number; day: string; cut: string; micro: number[]; quarters: number[] };

/**
 * The stored days of these counters in [from, to] (local dates in `tz`) that still hold: ts_1d
 * has the same count of samples for the day and the same last reading before it as when the day
 * was summed (period-sums.repository.ts). A day that changed since is left out and summed again.
 */
export function storedPeriodDays(
  db: Db,
  ids: readonly number[],
  tz: string,
  from: string,
  to: string,
): Promise<StoredPeriodDay[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<StoredPeriodDay>(
    db,
    sql`select c.point_id as p, to_char(c.day, 'YYYY-MM-DD') as day, c.cut, c.micro::float8[] as micro, c.quarters
        from energy_period_day c
        join ts_1d d on d.point_id = c.point_id and d.day = c.day and d.count = c.samples
        where c.point_id = any(${intArray(ids)}) and c.zone = ${tz} and c.day >= ${from}::date and c.day <= ${to}::date
          and c.prev_ts is not distinct from (select y.last_ts from ts_1d y
            where y.point_id = c.point_id and y.day < c.day order by y.day desc limit 1)`,
  );
}
