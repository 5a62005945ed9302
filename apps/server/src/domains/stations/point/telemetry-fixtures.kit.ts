import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, points } from '../../../db/schema';
import { ts15m } from '../../../db/telemetry-schema';
import { insertRawSamples } from '../../telemetry/telemetry/raw-samples.kit';
import { tstz } from '../device';
import { rebuildRollups } from './rollups-from-raw.kit';

/** Test helpers: store samples the way the ingest would, without MQTT. */

export type Sample = { pointId: number; ts: number; value: number };

export async function pointIdOf(db: Db, sn: string, code: string): Promise<number> {
  const [row] = await db
    .select({ id: points.id })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(devices.sn, sn), eq(points.code, code)));
  if (!row) throw new Error(`no point ${sn}.${code}`);
  return row.id;
}

export async function deviceIdOf(db: Db, sn: string): Promise<number> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn));
  if (!row) throw new Error(`no device ${sn}`);
  return row.id;
}

/** Writes raw samples (partitions created as needed) and rebuilds the points' roll-ups and latest values. */
export async function writeSamples(db: Db, samples: Sample[], tz = 'Asia/Shanghai'): Promise<void> {
  if (samples.length === 0) return;
  await insertRawSamples(db, samples);
  await rebuildRollups(db, [...new Set(samples.map((s) => s.pointId))], tz);
}

/** The ts_15m row of a counter's bucket, given by its first and last reading. */
export const quarterRow = (
  pointId: number,
  bucket: number,
  first: number,
  last: number,
): typeof ts15m.$inferInsert => ({
  pointId,
  bucket: new Date(bucket),
  min: Math.min(first, last),
  max: Math.max(first, last),
  sum: first + last,
  count: 2,
  first,
  firstTs: new Date(bucket + 10_000),
  last,
  lastTs: new Date(bucket + 890_000),
});

/** One 15-minute bucket of a counter, given by its first and last reading. */
export async function writeQuarter(db: Db, pointId: number, bucket: number, first: number, last: number) {
  await db
    .insert(ts15m)
    .values(quarterRow(pointId, bucket, first, last))
    .onConflictDoUpdate({
      target: [ts15m.pointId, ts15m.bucket],
      set: { first, last, min: Math.min(first, last), max: Math.max(first, last) },
    });
}

/** Sets the newest value of points (ts_latest) directly. */
export async function writeLatest(db: Db, values: Sample[]): Promise<void> {
  for (const v of values) {
    await db.execute(sql`
      insert into ts_latest (point_id, ts, value) values (${v.pointId}, ${tstz(v.ts)}, ${v.value})
      on conflict (point_id) do update set ts = excluded.ts, value = excluded.value`);
  }
}
