import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rawSamples } from '../../telemetry/telemetry';
import { epochOf, intArray, queryRows, tstz } from '../device';

/** A bucket: start time, average, min, max and last value. */
export type Bucket = [t: number, avg: number, min: number, max: number, last: number];
/** The buckets of one point, in time order. */
export type BucketSeries = { p: number; b: Bucket[] };
/** The raw samples of one point, in time order. */
export type RawSeries = { p: number; r: [t: number, value: number][] };

/**
 * Each query answers one row per point with its buckets aggregated as JSON: drivers parse one
 * JSON text much faster than thousands of rows (PGlite: ~50 ms instead of ~200 ms for 50 × 500).
 */
const perPoint = (buckets: SQL): SQL =>
  sql`select p, json_agg(json_build_array(t, avg, mn, mx, last) order by t) as b from (${buckets}) x group by p`;

/** Local midnight of a fixed date in the zone: buckets wider than a minute align to local time. */
const localOrigin = (tz: string) => sql`('2000-01-03 00:00'::timestamp at time zone ${tz})`;

const inRange = (column: SQL, ids: number[], from: SQL, to: number) =>
  sql`point_id = any(${intArray(ids)}) and ${column} >= ${from} and ${column} <= ${tstz(to)}`;

/** The points' raw samples in [from, to]. */
const raw = (ids: number[], from: number, to: number) =>
  rawSamples(intArray(ids), (ts) => sql`${ts} >= ${tstz(from)} and ${ts} <= ${tstz(to)}`);

export async function rawCounts(db: Db, ids: number[], from: number, to: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ p: number; n: number }>(
    db,
    sql`select point_id::int as p, count(*)::int as n from ${raw(ids, from, to)}
        group by point_id`,
  );
  return new Map(rows.map((r) => [r.p, r.n]));
}

export function rawSeries(db: Db, ids: number[], from: number, to: number): Promise<RawSeries[]> {
  return queryRows<RawSeries>(
    db,
    sql`select point_id::int as p, json_agg(json_build_array(${epochOf(sql`ts`)}, value) order by ts) as r
        from ${raw(ids, from, to)} group by point_id`,
  );
}

/** Raw samples aggregated into buckets of `widthMs` (also what the history benchmark calls "raw"). */
export function rawBuckets(db: Db, ids: number[], from: number, to: number, widthMs: number, tz: string) {
  const bin = sql`date_bin(${`${widthMs} milliseconds`}::interval, ts, ${localOrigin(tz)})`;
  return queryRows<BucketSeries>(
    db,
    perPoint(
      sql`select point_id::int as p, ${epochOf(bin)} as t, avg(value) as avg, min(value) as mn, max(value) as mx,
            (max(array[date_part('epoch', ts), value]))[2] as last
          from ${raw(ids, from, to)} group by 1, 2`,
    ),
  );
}

/** 15-minute roll-ups touching [from, to]. */
export function quarterBuckets(db: Db, ids: number[], from: number, to: number) {
  const first = tstz(Math.floor(from / 900_000) * 900_000);
  return queryRows<BucketSeries>(
    db,
    perPoint(
      sql`select point_id::int as p, ${epochOf(sql`bucket`)} as t, sum / count as avg, min as mn, max as mx, last
          from ts_15m where ${inRange(sql`bucket`, ids, first, to)}`,
    ),
  );
}

/** Local hours re-aggregated from the 15-minute roll-ups. */
export function hourBuckets(db: Db, ids: number[], from: number, to: number, tz: string) {
  const bin = (e: SQL) => sql`date_bin('1 hour'::interval, ${e}, ${localOrigin(tz)})`;
  return queryRows<BucketSeries>(
    db,
    perPoint(
      sql`select point_id::int as p, ${epochOf(bin(sql`bucket`))} as t, sum(sum) / sum(count) as avg,
            min(min) as mn, max(max) as mx, (max(array[date_part('epoch', last_ts), last]))[2] as last
          from ts_15m where ${inRange(sql`bucket`, ids, bin(tstz(from)), to)} group by 1, 2`,
    ),
  );
}

/** Daily roll-ups (local days of the station), `days` days per bucket; t = local midnight. */
export function dayBuckets(db: Db, ids: number[], from: number, to: number, days: number, tz: string) {
  const start = sql`(date '2000-01-03' + ((day - date '2000-01-03') / ${days}::int) * ${days}::int)`;
  const localDay = (ms: number) => sql`(${tstz(ms)} at time zone ${tz})::date`;
  return queryRows<BucketSeries>(
    db,
    perPoint(
      sql`select point_id::int as p, ${epochOf(sql`(${start}::timestamp at time zone ${tz})`)} as t,
            sum(sum) / sum(count) as avg, min(min) as mn, max(max) as mx,
            (max(array[date_part('epoch', last_ts), last]))[2] as last
          from ts_1d where point_id = any(${intArray(ids)}) and day >= ${localDay(from)} and day <= ${localDay(to)}
          group by 1, 2`,
    ),
  );
}
