import type { Lang, Names, offsetPageBody } from '@ess/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { pointOffsets } from '../../../db/config-schema';
import { nameIn } from '../../../db/local-name-sql';
import { devices, points, users } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

type PageInput = z.output<typeof offsetPageBody>;

export type OffsetListRow = {
  pointId: number;
  deviceId: number;
  deviceName: string;
  sn: string;
  code: string;
  names: Names;
  unit: string | null;
  scale: number | null;
  offset: number | null;
  updatedBy: string | null;
  updateTime: Date | null;
};

/** Points a device reports (calibration applies to them only; virtual points are computed). */
const reported = and(inArray(points.kind, ['telemetry', 'status']), ne(devices.type, 'virtual'));

function filter(q: PageInput): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    eq(devices.stationId, q.stationId),
    reported,
    q.deviceId ? eq(devices.id, q.deviceId) : undefined,
    text ? or(ilike(points.code, text), sql`${points.names}::text ilike ${text}`) : undefined,
    q.onlySet ? sql`${pointOffsets.pointId} is not null` : undefined,
  );
}

/** Devices named, and sorted by name, in `lang`. */
export async function offsetPage(db: Db, q: PageInput, lang: Lang): Promise<{ rows: OffsetListRow[]; total: number }> {
  const where = filter(q);
  const deviceName = nameIn(devices, lang);
  const base = () =>
    db
      .select({
        pointId: points.id,
        deviceId: devices.id,
        deviceName,
        sn: devices.sn,
        code: points.code,
        names: points.names,
        unit: points.unit,
        scale: pointOffsets.scale,
        offset: pointOffsets.offset,
        updatedBy: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
        updateTime: pointOffsets.updateTime,
      })
      .from(points)
      .innerJoin(devices, eq(devices.id, points.deviceId))
      .leftJoin(pointOffsets, eq(pointOffsets.pointId, points.id))
      .leftJoin(users, eq(users.id, pointOffsets.updateBy));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .leftJoin(pointOffsets, eq(pointOffsets.pointId, points.id))
    .where(where);
  const order = pageOrder(q, { deviceName, code: points.code }, [
    asc(devices.sort),
    asc(devices.id),
    asc(points.sort),
    asc(points.id),
  ]);
  const rows = await base()
    .where(where)
    .orderBy(...order)
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  return { rows, total };
}

/** Of these point ids, those that are reported points of the station's real devices. */
export async function reportedPointsOf(db: Db, stationId: number, pointIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: points.id })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(devices.stationId, stationId), reported, inArray(points.id, pointIds)));
  return new Set(rows.map((r) => r.id));
}

/** Writes calibrations; the defaults (scale 1, offset 0) delete the row. One transaction. */
export async function saveOffsets(
  db: Db,
  items: { pointId: number; scale: number; offset: number }[],
  userId: number,
): Promise<void> {
  const set = items.filter((i) => i.scale !== 1 || i.offset !== 0);
  const reset = items.filter((i) => i.scale === 1 && i.offset === 0).map((i) => i.pointId);
  await db.transaction(async (tx) => {
    if (reset.length > 0) await tx.delete(pointOffsets).where(inArray(pointOffsets.pointId, reset));
    if (set.length > 0)
      await tx
        .insert(pointOffsets)
        .values(set.map((i) => ({ ...i, updateBy: userId, updateTime: new Date() })))
        .onConflictDoUpdate({
          target: pointOffsets.pointId,
          set: {
            scale: sql`excluded.scale`,
            offset: sql`excluded.offset`,
            updateBy: sql`excluded.update_by`,
            updateTime: sql`excluded.update_time`,
          },
        });
  });
}

/** Calibration of the station's points that have one, by point id. */
export async function stationOffsets(
  db: Db,
  stationId: number,
): Promise<Map<number, { scale: number; offset: number }>> {
  const rows = await db
    .select({ pointId: pointOffsets.pointId, scale: pointOffsets.scale, offset: pointOffsets.offset })
    .from(pointOffsets)
    .innerJoin(points, eq(points.id, pointOffsets.pointId))
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(eq(devices.stationId, stationId));
  return new Map(rows.map((r) => [r.pointId, { scale: r.scale, offset: r.offset }]));
}
