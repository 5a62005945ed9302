import { type MeterConnection, stationLayout } from '@ess/contract';
import { meterConnection } from '../physics/site-grid';
import type { SimStation } from './sim-station';
import { StationModel } from './station-model';

/**
 * How each meter of the simulated plant is connected, by serial: what the demo seed configures
 * on the platform, so power quality judges each meter against its own nominal voltage. Read from
 * the plant the simulator builds (its grid connection comes from the station code alone).
 */
export function plantMeterConnections(station: SimStation): Map<string, MeterConnection> {
  const out = new Map<string, MeterConnection>();
  const meters = stationLayout(station).devices.filter((d) => d.type === 'meter');
  if (meters.length === 0) return out;
  const { grid } = new StationModel(station, { seed: 0, start: new Date(0) });
  for (const d of meters) out.set(d.sn, meterConnection(d.meterRole ?? 'load', grid.o));
  return out;
}
