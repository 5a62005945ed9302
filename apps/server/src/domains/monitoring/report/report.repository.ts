import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, points } from '../../../db/schema';
import { intArray, queryRows, tstz } from '../../stations/device';

/** A counter's local day from ts_1d with the last reading of its previous day with data. */
export type CounterDay = { p: number; day: string; first: number; last: number; prev: number | null };

/**
 * Daily roll-ups of counter points in [from, to] (local dates), each with `prev`: the last
 * reading of the point's previous day with data — for the first day of the range the newest day
 * before it — so that day differences telescope to the counter's increase.
 */
export function counterDays(db: Db, ids: number[], from: string, to: string): Promise<CounterDay[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<CounterDay>(
    db,
    sql`with d as (
          select point_id, day, first, last from ts_1d
          where point_id = any(${intArray(ids)}) and day >= ${from}::date and day <= ${to}::date
          union all
          select x.point_id, x.day, x.first, x.last from unnest(${intArray(ids)}) as p(id)
          cross join lateral (
            select point_id, day, first, last from ts_1d
            where point_id = p.id and day < ${from}::date order by day desc limit 1
          ) x
        ), l as (
          select point_id, day, first, last, lag(last) over (partition by point_id order by day) as prev from d
        )
        select point_id::int as p, to_char(day, 'YYYY-MM-DD') as day,
          first::float8 as first, last::float8 as last, prev::float8 as prev
        from l where day >= ${from}::date order by point_id, day`,
  );
}

/** Daily minimum and maximum of one point in [from, to] (local dates). */
export function dayExtremes(
  db: Db,
  pointId: number,
  from: string,
  to: string,
): Promise<{ day: string; min: number; max: number }[]> {
  return queryRows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, min::float8 as min, max::float8 as max from ts_1d
        where point_id = ${pointId} and day >= ${from}::date and day <= ${to}::date order by day`,
  );
}

/**
 * One heartbeat point per real device of the station: a point the device reports every
 * interval (a fast point, else a status point, else any telemetry point), so a quarter-hour
 * with a roll-up row of it is a quarter-hour the device was online.
 */
export async function heartbeatPoints(db: Db, stationId: number): Promise<number[]> {
  const rows = await db
    .select({ deviceId: points.deviceId, pointId: points.id, fast: points.fast, kind: points.kind })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(
      and(eq(devices.stationId, stationId), ne(devices.type, 'virtual'), inArray(points.kind, ['telemetry', 'status'])),
    )
    .orderBy(asc(points.deviceId), asc(points.sort), asc(points.id));
  const rank = (r: (typeof rows)[number]) => (r.fast ? 0 : r.kind === 'status' ? 1 : 2);
  const best = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    const prev = best.get(r.deviceId);
    if (!prev || rank(r) < rank(prev)) best.set(r.deviceId, r);
  }
  return [...best.values()].map((r) => r.pointId);
}

/** The earliest quarter-hour (epoch ms) in which any of the points has data, or null. */
export async function firstQuarter(db: Db, ids: number[]): Promise<number | null> {
  if (ids.length === 0) return null;
  const [row] = await queryRows<{ first: number | null }>(
    db,
    sql`select round(date_part('epoch', min(x.bucket)) * 1000)::float8 as first from unnest(${intArray(ids)}) as p(id)
        cross join lateral (select bucket from ts_15m where point_id = p.id order by bucket limit 1) x`,
  );
  return row?.first ?? null;
}

/** Quarter-hours with data per local day of `tz` in [from, to), summed over the points. */
export function quartersPerDay(
  db: Db,
  ids: number[],
  from: number,
  to: number,
  tz: string,
): Promise<{ day: string; n: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`select to_char(bucket at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as n from ts_15m
        where point_id = any(${intArray(ids)}) and bucket >= ${tstz(from)} and bucket < ${tstz(to)}
        group by 1 order by 1`,
  );
}
