import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../../db/client';
import { sqlRows } from '../../../test/harness';

/**
 * Tests: ts_15m and ts_1d (and, with `latest`, ts_latest) of these points hold exactly the
 * aggregates their ts_raw rows give — 15-minute buckets in UTC, days local to each station.
 */
export async function expectRollupsEqualRaw(
  db: Db,
  pointIds: number[],
  o: { minQuarters: number; minDays: number; latest: boolean },
): Promise<void> {
  const rows = <T>(query: SQL) => sqlRows<T>(db, query);
  const ids = sql.join(
    pointIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const agg = (key: SQL) => sql`
    SELECT r.point_id, ${key} AS k, min(r.value) AS min, max(r.value) AS max, sum(r.value) AS sum,
      count(*)::int AS count, (array_agg(r.value ORDER BY r.ts))[1] AS first, min(r.ts) AS first_ts,
      (array_agg(r.value ORDER BY r.ts DESC))[1] AS last, max(r.ts) AS last_ts
    FROM ts_raw r JOIN biz_point p ON p.id = r.point_id JOIN biz_device d ON d.id = p.device_id
      JOIN biz_station s ON s.id = d.station_id
    WHERE r.point_id IN (${ids}) GROUP BY 1, 2 ORDER BY 1, 2`;
  const rollup = (table: SQL, key: SQL) => sql`
    SELECT point_id, ${key} AS k, min, max, sum, count, first, first_ts, last, last_ts
    FROM ${table} WHERE point_id IN (${ids}) ORDER BY 1, 2`;
  const r15 = await rows(rollup(sql`ts_15m`, sql`bucket`));
  expect(r15.length).toBeGreaterThan(o.minQuarters);
  expect(r15).toEqual(await rows(agg(sql`date_bin('15 minutes', r.ts, timestamptz '1970-01-01 00:00:00+00')`)));
  const r1d = await rows(rollup(sql`ts_1d`, sql`day::text`));
  expect(r1d.length).toBeGreaterThanOrEqual(o.minDays);
  expect(r1d).toEqual(await rows(agg(sql`((r.ts AT TIME ZONE s.timezone)::date)::text`)));
  if (!o.latest) return;
  expect(await rows(sql`SELECT point_id, ts, value FROM ts_latest WHERE point_id IN (${ids}) ORDER BY 1`)).toEqual(
    await rows(sql`SELECT DISTINCT ON (point_id) point_id, ts, value FROM ts_raw WHERE point_id IN (${ids})
      ORDER BY point_id, ts DESC`),
  );
}
