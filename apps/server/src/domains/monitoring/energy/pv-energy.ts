import type { Db } from '../../../db/client';
import type { StationRow } from '../../stations/device';
import { type CounterDay, counterDays } from './counter-days';
import { EnergyService } from './energy.service';

/**
 * PV generation per station-local day of [from, to], in micro-kWh: differences of the PV
 * meter's forward counter. Null when the station has no PV meter (or it has no forward counter).
 */
export async function pvDays(
  db: Db,
  station: Pick<StationRow, 'id' | 'timezone'>,
  from: string,
  to: string,
  now = Date.now(),
): Promise<CounterDay[] | null> {
  const meter = await new EnergyService(db).meterCounters(station.id, 'pv');
  if (meter?.forward == null) return null;
  return counterDays(db, station, [meter.forward], from, to, now);
}
