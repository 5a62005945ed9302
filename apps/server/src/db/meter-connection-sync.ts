import { plantMeterConnections } from '@ess/simulator';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { devices, meterConnections, stations } from './schema';

/**
 * The demo stations' meters are connected as the simulated plant is built: a gateway meter on
 * the 10 kV side gets 10 kV, PT 10000/100 and its CT; the others 400 V read directly. Runs at
 * the first seed and on every later start, so databases seeded before meters had connections
 * get them too. Only adds: a connection an administrator set is kept. Returns the rows added.
 */
export async function syncDemoMeterConnections(db: Db): Promise<number> {
  const rows = await db
    .select({
      deviceId: devices.id,
      sn: devices.sn,
      code: stations.code,
      type: stations.type,
      ratedPowerKw: stations.ratedPowerKw,
      capacityKwh: stations.capacityKwh,
      latitude: stations.latitude,
      longitude: stations.longitude,
    })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(eq(devices.type, 'meter'));
  const plants = new Map<string, ReturnType<typeof plantMeterConnections>>();
  const values = [];
  for (const r of rows) {
    let plant = plants.get(r.code);
    if (!plant) {
      plant = plantMeterConnections(r);
      plants.set(r.code, plant);
    }
    const connection = plant.get(r.sn);
    if (connection) values.push({ deviceId: r.deviceId, ...connection });
  }
  if (values.length === 0) return 0;
  const added = await db
    .insert(meterConnections)
    .values(values)
    .onConflictDoNothing()
    .returning({ deviceId: meterConnections.deviceId });
  return added.length;
}
