import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices } from '../../../db/schema';

/**
 * The EMS of each station: the first device of type `ems` by sort. Station-wide commands
 * (configuration sync, plan curves) go to it.
 */
export async function emsOfStations(db: Db, stationIds: number[]): Promise<Map<number, { id: number; sn: string }>> {
  const out = new Map<number, { id: number; sn: string }>();
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({ id: devices.id, sn: devices.sn, stationId: devices.stationId })
    .from(devices)
    .where(and(inArray(devices.stationId, stationIds), eq(devices.type, 'ems')))
    .orderBy(asc(devices.sort), asc(devices.id));
  for (const r of rows) if (!out.has(r.stationId)) out.set(r.stationId, { id: r.id, sn: r.sn });
  return out;
}
