import { TOU_PERIODS } from '@ess/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, queryRows } from '../../stations/device';

/** A counter's energy on one local day in one TOU period, and how many quarter-hours it read in it. */
export type PeriodSum = { p: number; day: string; period: number; micro: number; quarters: number };

/**
 * Which period each quarter-hour of the local days [from, to] belongs to for one counter:
 * `cut[q]` is the index (into TOU_PERIODS) of the period in force at local minute 15·q.
 */
export type PeriodRun = { p: number; from: string; to: string; cut: number[] };

/** A run with its instants: [start, end) are the local starts of `from` and of the day after `to`. */
export type PeriodSpan = PeriodRun & { start: number; end: number };

/** The key a stored day keeps of the cut it was summed by (one digit per quarter-hour). */
export const cutKey = (cut: readonly number[]): string => cut.join('');

const textArray = (xs: readonly string[]) => sql`${`{${xs.join(',')}}`}::text[]`;
const instants = (ms: readonly number[]) =>
  sql`${`{${ms.map((m) => new Date(m).toISOString()).join(',')}}`}::timestamptz[]`;

/** `array[sum … filter (period = 0), …]` in TOU_PERIODS order. */
const perPeriod = (v: string): SQL =>
  sql.raw(`array[${TOU_PERIODS.map((_, i) => `coalesce(sum(${v}) filter (where period = ${i}), 0)`).join(', ')}]`);

/**
 * Counter energy per point, local day and TOU period of each span, summed in the database. The
 * bucket rule is bucketMicro's (period-split.ts), in whole micro-kWh rounded as Math.round does:
 * last minus the last reading before it, or from the bucket's own first reading at a span's first
 * bucket without an earlier reading and where the counter went back (a span's first bucket takes
 * the newest reading before the span, looked up only there). period-sums.test.ts holds both to
 * the same figures, and any split of a range into spans to the figures of the whole range.
 *
 * With `storeBefore` (a local date in `tz`), each day before it that ts_1d vouches for is stored
 * in energy_period_day in the same statement, with ts_1d's fingerprint of the data it was summed
 * from (period-days.repository.ts): the next read of an ended day takes five rows, not 96.
 */
export function counterPeriodSums(db: Db, tz: string, spans: PeriodSpan[], storeBefore?: string): Promise<PeriodSum[]> {
  if (spans.length === 0) return Promise.resolve([]);
  const micro = (v: SQL) => sql`floor((${v}) * 1000000 + 0.5)::bigint`;
  const store = storeBefore
    ? sql`, h as (
          select point_id, day, i, ${perPeriod('micro')}::bigint[] as micro, ${perPeriod('quarters')}::int[] as quarters
          from g group by 1, 2, 3
        ), k as (
          select distinct on (h.point_id, h.day) h.*, d1.count as samples,
            (select y.last_ts from ts_1d y where y.point_id = h.point_id and y.day < h.day order by y.day desc limit 1) as prev_ts
          from h join ts_1d d1 on d1.point_id = h.point_id and d1.day = h.day
          where h.day < ${storeBefore}::date
            and (d1.first_ts at time zone ${tz})::date = h.day and (d1.last_ts at time zone ${tz})::date = h.day
        ), stored as (
          insert into energy_period_day (point_id, zone, day, cut, samples, prev_ts, micro, quarters)
          select point_id, ${tz}, day, (${textArray(spans.map((s) => cutKey(s.cut)))})[i + 1], samples, prev_ts, micro, quarters
          from k order by point_id, day
          on conflict (point_id, zone, day) do update set cut = excluded.cut, samples = excluded.samples,
            prev_ts = excluded.prev_ts, micro = excluded.micro, quarters = excluded.quarters
        )`
    : sql``;
  return queryRows<PeriodSum>(
    db,
    sql`with s as (
          select * from unnest(${intArray(spans.map((s) => s.p))}, ${instants(spans.map((s) => s.start))},
            ${instants(spans.map((s) => s.end))}) with ordinality as s(point_id, st, en, n)
        ), d as (
          select s.n - 1 as i, t.point_id, t.bucket, ${micro(sql`t.first`)} as f, ${micro(sql`t.last`)} as l,
            ${micro(sql`coalesce(lag(t.last) over (partition by s.n order by t.bucket), (select x.last from ts_15m x
              where x.point_id = s.point_id and x.bucket < s.st order by x.bucket desc limit 1))`)} as prev
          from s join ts_15m t on t.point_id = s.point_id and t.bucket >= s.st and t.bucket < s.en
        ), e as materialized (
          select i, point_id, lt::date as day, extract(epoch from lt::time)::int / 900 as q, micro
          from (
            select i, point_id, bucket at time zone ${tz} as lt,
              case when prev is not null and l >= prev then l - prev else greatest(0, l - f) end as micro
            from d
          ) x
        ), g as (
          select point_id, day, i, (${intArray(spans.flatMap((s) => s.cut))})[i * 96 + q + 1] as period,
            sum(micro)::bigint as micro, count(*)::int as quarters
          from e group by 1, 2, 3, 4
        )${store}
        select point_id::int as p, to_char(day, 'YYYY-MM-DD') as day, period, micro::float8 as micro, quarters
        from g`,
  );
}
