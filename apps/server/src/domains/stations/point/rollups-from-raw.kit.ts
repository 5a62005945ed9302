import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rawSamples } from '../../telemetry/telemetry';
import { intArray } from '../device';

/**
 * Rebuilds ts_15m, ts_1d and ts_latest of some points from their raw samples, with the
 * aggregates the ingest maintains (min, max, sum, count, first/last with their times; 15-minute
 * buckets aligned to UTC, days local to `tz`, built from the 15-minute rows). Used by the history
 * benchmark and by tests that write samples directly instead of publishing them.
 */
export async function rebuildRollups(db: Db, ids: number[], tz: string): Promise<void> {
  await rebuildQuartersFromRaw(db, ids);
  await rebuildDaysFromQuarters(db, ids, tz);
  await rebuildLatestFromRaw(db, ids);
}

export async function rebuildQuartersFromRaw(db: Db, ids: number[]): Promise<void> {
  const set = intArray(ids);
  await db.execute(sql`delete from ts_15m where point_id = any(${set})`);
  await db.execute(sql`
    insert into ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
    select point_id, date_bin('15 minutes', ts, timestamptz '1970-01-01 00:00:00+00') as bucket,
      min(value), max(value), sum(value), count(*)::int,
      (array_agg(value order by ts))[1], min(ts), (array_agg(value order by ts desc))[1], max(ts)
    from ${rawSamples(set, () => sql`true`)} group by 1, 2`);
}

export async function rebuildDaysFromQuarters(db: Db, ids: number[], tz: string): Promise<void> {
  const set = intArray(ids);
  await db.execute(sql`delete from ts_1d where point_id = any(${set})`);
  await db.execute(sql`
    insert into ts_1d (point_id, day, min, max, sum, count, first, first_ts, last, last_ts)
    select point_id, (bucket at time zone ${tz})::date as day,
      min(min), max(max), sum(sum), sum(count)::int,
      (array_agg(first order by first_ts))[1], min(first_ts), (array_agg(last order by last_ts desc))[1], max(last_ts)
    from ts_15m where point_id = any(${set}) group by 1, 2`);
}

export async function rebuildLatestFromRaw(db: Db, ids: number[]): Promise<void> {
  await db.execute(sql`
    insert into ts_latest (point_id, ts, value)
    select distinct on (point_id) point_id, ts, value from ${rawSamples(intArray(ids), () => sql`true`)}
    order by point_id, ts desc
    on conflict (point_id) do update set ts = excluded.ts, value = excluded.value`);
}
