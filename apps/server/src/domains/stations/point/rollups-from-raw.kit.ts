import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, queryRows } from '../device';

/**
 * Rebuilds ts_15m, ts_1d and ts_latest of some points from their ts_raw rows, with the
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
    from ts_raw where point_id = any(${set}) group by 1, 2`);
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
    select distinct on (point_id) point_id, ts, value from ts_raw where point_id = any(${intArray(ids)})
    order by point_id, ts desc
    on conflict (point_id) do update set ts = excluded.ts, value = excluded.value`);
}

/** ts_raw_YYYYMMDD partitions (one UTC day each, as the ingest names them) covering [from, to]. */
export async function ensureRawPartitions(db: Db, from: number, to: number): Promise<void> {
  const existing = new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'ts_raw'::regclass`,
      )
    ).map((r) => r.name),
  );
  const DAY = 86_400_000;
  for (let day = Math.floor(from / DAY); day <= Math.floor(to / DAY); day++) {
    const start = new Date(day * DAY).toISOString();
    const name = `ts_raw_${start.slice(0, 10).replaceAll('-', '')}`;
    if (existing.has(name)) continue;
    const end = new Date((day + 1) * DAY).toISOString();
    await db.execute(
      sql.raw(`create table if not exists ${name} partition of ts_raw for values from ('${start}') to ('${end}')`),
    );
  }
}
