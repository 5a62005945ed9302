import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, stations } from '../../../db/schema';
import { stationScopeFilter } from '../../../kernel/station-scope.service';
import { notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';

export type DeviceRow = typeof devices.$inferSelect;
export type StationRow = typeof stations.$inferSelect;
export type ScopedDevice = { device: DeviceRow; station: StationRow };

/**
 * The device with its station, if the caller may see that station. A device of a station out of
 * scope answers exactly like a missing one (404 deviceNotFound), so ids cannot be probed.
 */
export async function assertDeviceInScope(db: Db, user: SessionUser, deviceId: number): Promise<ScopedDevice> {
  const [row] = await db
    .select({ device: devices, station: stations })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(and(eq(devices.id, deviceId), stationScopeFilter(user)));
  if (!row) throw notFound('deviceNotFound');
  return row;
}
