import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, queryRows, tstz } from '../../stations/device';

/**
 * A 15-minute bucket of a counter with its local day and minute, its first and last reading,
 * and `prev`: the last reading of the point's previous bucket with data (null for its first).
 */
export type CounterBucket = {
  p: number;
  day: string;
  minute: number;
  first: number;
  last: number;
  prev: number | null;
};

/**
 * Counter buckets in [from, to), each with the last reading before it — including, for the first
 * bucket of the range, the newest bucket before `from` — so that differences telescope.
 */
export function counterBuckets(db: Db, ids: number[], from: number, to: number, tz: string): Promise<CounterBucket[]> {
  const local = sql`(bucket at time zone ${tz})`;
  return queryRows<CounterBucket>(
    db,
    sql`with b as (
          select point_id, bucket, first, last from ts_15m
          where point_id = any(${intArray(ids)}) and bucket >= ${tstz(from)} and bucket < ${tstz(to)}
          union all
          select x.point_id, x.bucket, x.first, x.last from unnest(${intArray(ids)}) as p(id)
          cross join lateral (
            select point_id, bucket, first, last from ts_15m
            where point_id = p.id and bucket < ${tstz(from)} order by bucket desc limit 1
          ) x
        ), d as (
          select point_id, bucket, first, last, lag(last) over (partition by point_id order by bucket) as prev from b
        )
        select point_id::int as p, to_char(${local}, 'YYYY-MM-DD') as day,
          (extract(hour from ${local}) * 60 + extract(minute from ${local}))::int as minute,
          first::float8 as first, last::float8 as last, prev::float8 as prev
        from d where bucket >= ${tstz(from)} order by point_id, bucket`,
  );
}
