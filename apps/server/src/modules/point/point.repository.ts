import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { points } from '../../db/schema';
import type { PointRow } from '../device/station-devices';

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
