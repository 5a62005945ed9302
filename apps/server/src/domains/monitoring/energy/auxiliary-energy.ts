import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices, points } from '../../../db/schema';
import type { StationRow } from '../../stations/device';
import { type CounterDay, counterDays } from './counter-days';

/**
 * Station auxiliary consumption (站用电: cooling and heating of the batteries) is counted by the
 * air conditioners' own energy counters — an AC-15's, or the one built into a CAB-215 cabinet —
 * under this point code. The load meter sees it too, but mixed with the building's load.
 */
export const AUX_COUNTER = 'auxEnergy';

/** The station's auxiliary energy counter points (one per air conditioner). */
export async function auxiliaryCounterIds(db: Db, stationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: points.id })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(devices.stationId, stationId), eq(points.code, AUX_COUNTER)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Auxiliary energy per station-local day of [from, to], in micro-kWh: the sum of the air
 * conditioners' counter differences. Null when the station has no such counter (unknown, not 0).
 */
export async function auxiliaryDays(
  db: Db,
  station: Pick<StationRow, 'id' | 'timezone'>,
  from: string,
  to: string,
  now = Date.now(),
): Promise<CounterDay[] | null> {
  const ids = await auxiliaryCounterIds(db, station.id);
  if (ids.length === 0) return null;
  return counterDays(db, station, ids, from, to, now);
}
