import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { workOrders as o } from '../../../db/workorder-schema';

/**
 * Per station, how many devices have an order not yet ended (spec 4 site legend "overhaul"), in
 * one query for a whole fleet; stations without any are absent.
 */
export async function overhaulDeviceCounts(db: Db, stationIds: readonly number[]): Promise<Map<number, number>> {
  if (stationIds.length === 0) return new Map();
  const rows = await db
    .select({ stationId: o.stationId, devices: sql<number>`count(distinct ${o.deviceId})`.mapWith(Number) })
    .from(o)
    .where(and(inArray(o.stationId, [...stationIds]), isNull(o.endedAt), isNotNull(o.deviceId)))
    .groupBy(o.stationId);
  return new Map(rows.map((r) => [r.stationId, r.devices]));
}
