import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, queryRows, tstz } from '../../stations/device';

/** A counter's energy on one local day in one TOU period, and how many quarter-hours it read in it. */
export type PeriodSum = { p: number; day: string; period: number; micro: number; quarters: number };

/**
 * Which period each quarter-hour of the days [from, to] belongs to for one counter: `cut[q]` is
 * the index (into TOU_PERIODS) of the period in force at local minute 15·q.
 */
export type PeriodRun = { p: number; from: string; to: string; cut: number[] };

const textArray = (xs: readonly string[]) => sql`${`{${xs.join(',')}}`}::text[]`;

/**
 * Counter energy per point, local day and TOU period, summed in the database — a fleet's month is
 * a few hundred rows instead of its quarter-hours. The bucket rule is bucketMicro's
 * (period-split.ts), in whole micro-kWh rounded as Math.round does: last minus the last reading
 * before it, or from the bucket's own first reading at the range's first bucket of a point and
 * where the counter went back (the first bucket of a point in the range takes the newest reading
 * before it, looked up only there). period-sums.test.ts holds both to the same figures.
 */
export function counterPeriodSums(
  db: Db,
  ids: number[],
  from: number,
  to: number,
  tz: string,
  runs: PeriodRun[],
): Promise<PeriodSum[]> {
  if (ids.length === 0 || runs.length === 0) return Promise.resolve([]);
  const micro = (v: SQL) => sql`floor((${v}) * 1000000 + 0.5)::bigint`;
  return queryRows<PeriodSum>(
    db,
    sql`with d as (
          select point_id, bucket, ${micro(sql`first`)} as f, ${micro(sql`last`)} as l,
            ${micro(sql`coalesce(lag(last) over (partition by point_id order by bucket), (select t.last from ts_15m t
              where t.point_id = ts_15m.point_id and t.bucket < ${tstz(from)} order by t.bucket desc limit 1))`)} as prev
          from ts_15m
          where point_id = any(${intArray(ids)}) and bucket >= ${tstz(from)} and bucket < ${tstz(to)}
        ), e as materialized (
          select point_id, lt::date as day, extract(epoch from lt::time)::int / 900 as q, micro
          from (
            select point_id, bucket at time zone ${tz} as lt,
              case when prev is not null and l >= prev then l - prev else greatest(0, l - f) end as micro
            from d
          ) x
        ), r as (
          select point_id, f::date as f, t::date as t, i
          from unnest(${intArray(runs.map((r) => r.p))}, ${textArray(runs.map((r) => r.from))},
            ${textArray(runs.map((r) => r.to))}, ${intArray(runs.map((_, i) => i))}) as r(point_id, f, t, i)
        ), g as (
          select e.point_id, e.day, (${intArray(runs.flatMap((r) => r.cut))})[r.i * 96 + e.q + 1] as period,
            sum(e.micro) as micro, count(*) as quarters
          from e join r on r.point_id = e.point_id and e.day between r.f and r.t
          group by 1, 2, 3
        )
        select point_id::int as p, to_char(day, 'YYYY-MM-DD') as day, period, micro::float8 as micro, quarters::int as quarters
        from g`,
  );
}
