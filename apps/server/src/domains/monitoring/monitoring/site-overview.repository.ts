import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, meterRoles, points } from '../../../db/schema';

/** The points the overview reads, by device type. */
const OVERVIEW_CODES = ['cpu', 'mem', 'disk', 'efficiency', 'igbtTemp', 'pcsTemp', 'runState', 'cellTmax', 'cellTmin'];
const OVERVIEW_TYPES = ['ems', 'pcs', 'cabinet', 'bms'] as const;

export type SiteDevice = {
  id: number;
  stationId: number;
  type: (typeof OVERVIEW_TYPES)[number];
  status: 'online' | 'offline';
  lastSeenAt: number | null;
  /** Point id by code, for the codes the overview reads. */
  points: Map<string, number>;
};

/** EMS, PCS, cabinets and clusters of the stations, with the ids of the points the overview reads. */
export async function siteDevices(db: Db, stationIds: number[]): Promise<SiteDevice[]> {
  const rows = await db
    .select({
      id: devices.id,
      stationId: devices.stationId,
      type: devices.type,
      status: devices.status,
      lastSeenAt: devices.lastSeenAt,
      pointId: points.id,
      code: points.code,
    })
    .from(devices)
    .leftJoin(points, and(eq(points.deviceId, devices.id), inArray(points.code, OVERVIEW_CODES)))
    .where(and(inArray(devices.stationId, stationIds), inArray(devices.type, [...OVERVIEW_TYPES])));
  const byId = new Map<number, SiteDevice>();
  for (const r of rows) {
    if (r.type !== 'ems' && r.type !== 'pcs' && r.type !== 'cabinet' && r.type !== 'bms') continue;
    const d = byId.get(r.id) ?? {
      id: r.id,
      stationId: r.stationId,
      type: r.type,
      status: r.status,
      lastSeenAt: r.lastSeenAt?.getTime() ?? null,
      points: new Map<string, number>(),
    };
    if (r.pointId !== null && r.code !== null) d.points.set(r.code, r.pointId);
    byId.set(r.id, d);
  }
  return [...byId.values()];
}

/** The storage meter's counters of each station: reverse (charged) and forward (discharged) point ids. */
export async function storageCounters(
  db: Db,
  stationIds: number[],
): Promise<Map<number, { forward: number | null; reverse: number | null }>> {
  const rows = await db
    .select({ stationId: meterRoles.stationId, pointId: points.id, code: points.code })
    .from(meterRoles)
    .innerJoin(points, eq(points.deviceId, meterRoles.deviceId))
    .where(
      and(
        inArray(meterRoles.stationId, stationIds),
        eq(meterRoles.role, 'storage'),
        inArray(points.code, ['forwardEnergy', 'reverseEnergy']),
      ),
    );
  const out = new Map<number, { forward: number | null; reverse: number | null }>();
  for (const r of rows) {
    const c = out.get(r.stationId) ?? { forward: null, reverse: null };
    if (r.code === 'reverseEnergy') c.reverse = r.pointId;
    else c.forward = r.pointId;
    out.set(r.stationId, c);
  }
  return out;
}
