import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray } from '../../stations/device';

/**
 * Tests: ts_1d of these points made from their ts_15m rows, days local to `tz`, as the roller
 * would have made them (tests that write quarter-hours only, and then want stored days).
 */
export async function daysFromQuarters(db: Db, pointIds: readonly number[], tz: string): Promise<void> {
  await db.execute(sql`insert into ts_1d (point_id, day, min, max, sum, count, first, first_ts, last, last_ts)
    select point_id, (bucket at time zone ${tz})::date, min(min), max(max), sum(sum), sum(count)::int,
      (min(array[extract(epoch from first_ts), first]))[2], min(first_ts),
      (max(array[extract(epoch from last_ts), last]))[2], max(last_ts)
    from ts_15m where point_id = any(${intArray(pointIds)}) group by 1, 2
    on conflict (point_id, day) do update set min = excluded.min, max = excluded.max, sum = excluded.sum,
      count = excluded.count, first = excluded.first, first_ts = excluded.first_ts,
      last = excluded.last, last_ts = excluded.last_ts`);
}
