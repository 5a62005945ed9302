import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { DAY_MS } from './ingest-batch';
import { storeNewSamples } from './ingest-sql';
import { partitionName } from './partitions';

/** Test and bench helpers: raw samples stored as the ingest's checked form stores them. */

export type RawSample = { pointId: number; ts: number; value: number };

/** ts_msg's day partitions covering [from, to] (epoch ms), as the ingest names them. */
export async function ensureRawPartitions(db: Db, from: number, to: number): Promise<void> {
  for (let day = Math.floor(from / DAY_MS); day <= Math.floor(to / DAY_MS); day++) {
    const start = new Date(day * DAY_MS).toISOString();
    const end = new Date((day + 1) * DAY_MS).toISOString();
    await db.execute(
      sql.raw(
        `create table if not exists ${partitionName(day)} partition of ts_msg for values from ('${start}') to ('${end}')`,
      ),
    );
  }
}

/**
 * Stores samples not stored yet (a point's first sample of a time wins), a row per device,
 * time and part like the ingest; partitions are created as needed. Roll-ups are not touched.
 * Returns how many were stored.
 */
export async function insertRawSamples(db: Db, samples: readonly RawSample[]): Promise<number> {
  if (samples.length === 0) return 0;
  const times = samples.map((s) => s.ts);
  await ensureRawPartitions(db, Math.min(...times), Math.max(...times));
  let stored = 0;
  for (let i = 0; i < samples.length; i += 10_000) {
    const chunk = samples.slice(i, i + 10_000);
    const res = (await db.execute(sql`
      WITH given AS (
        SELECT DISTINCT ON (x.p, x.t) CASE WHEN p.formula IS NULL THEN p.device_id ELSE -p.id END AS device_id, timestamptz 'epoch' + x.t * interval '1 millisecond' AS ts,
          (CASE WHEN p.formula IS NULL THEN 0 ELSE 1 END)::smallint AS part, x.p AS point_id, x.v AS value, x.n
        FROM unnest(${`{${chunk.map((s) => s.pointId).join(',')}}`}::int[], ${`{${chunk.map((s) => s.ts).join(',')}}`}::float8[],
                    ${`{${chunk.map((s) => s.value).join(',')}}`}::float8[]) WITH ORDINALITY AS x(p, t, v, n)
        JOIN biz_point p ON p.id = x.p
        ORDER BY x.p, x.t, x.n
      ), staged AS (
        SELECT device_id, ts, part, array_agg(point_id ORDER BY n) AS point_ids, array_agg(value ORDER BY n) AS "values"
        FROM given GROUP BY 1, 2, 3
      ), ${sql.raw(storeNewSamples('staged'))}
      SELECT count(*)::int AS n FROM stored`)) as unknown as { rows: { n: number }[] };
    stored += Number(res.rows[0]?.n ?? 0);
  }
  return stored;
}
