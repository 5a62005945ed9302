import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, points, stations } from '../../../db/schema';
import { stationScopeFilter } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import type { PointRow } from '../device';

/**
 * The points of a device (by sort, id) in one query, or null when the device is missing or its
 * station is out of the caller's scope (answered alike, see assertDeviceInScope).
 */
export async function devicePointsInScope(db: Db, user: SessionUser, deviceId: number): Promise<PointRow[] | null> {
  const rows = await db
    .select({ deviceId: devices.id, point: points })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .leftJoin(points, eq(points.deviceId, devices.id))
    .where(and(eq(devices.id, deviceId), stationScopeFilter(user)))
    .orderBy(asc(points.sort), asc(points.id));
  if (rows.length === 0) return null;
  return rows.flatMap((r) => r.point ?? []);
}

/** Points of a device by their codes, in the order asked; `missing` lists unknown codes. */
export async function pointsByCodes(
  db: Db,
  deviceId: number,
  codes: readonly string[],
): Promise<{ found: PointRow[]; missing: string[] }> {
  const rows = codes.length
    ? await db
        .select()
        .from(points)
        .where(and(eq(points.deviceId, deviceId), inArray(points.code, [...codes])))
        .orderBy(asc(points.sort), asc(points.id))
    : [];
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return {
    found: codes.flatMap((c) => byCode.get(c) ?? []),
    missing: codes.filter((c) => !byCode.has(c)),
  };
}
