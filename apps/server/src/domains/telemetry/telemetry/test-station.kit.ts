import { randomBytes } from 'node:crypto';
import { DEVICE_MODELS, type DeviceType, names } from '@ess/contract';
import type { Db } from '../../../db/client';
import { devices, orgs, points, stations } from '../../../db/schema';

export type TestDevice = { id: number; sn: string; points: Map<string, number> };
export type TestStation = {
  id: number;
  code: string;
  pcs: TestDevice[];
  meter: TestDevice;
  /** Virtual device: storagePower = sum(type:pcs.p), net = meter p − storagePower. */
  virtual: TestDevice;
};

/**
 * A station of its own for a test file (a unique code, so tests sharing an external broker
 * never ingest each other's data): PCS units, a meter and a virtual device with formulas.
 */
export async function createTestStation(
  db: Db,
  opts: { pcs?: number; timezone?: string; reportIntervalS?: number } = {},
): Promise<TestStation> {
  const code = `T-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [org] = await db.select({ id: orgs.id }).from(orgs).limit(1);
  const [station] = await db
    .insert(stations)
    .values({
      code,
      name: `Test ${code}`,
      provinceCode: '32',
      ratedPowerKw: 2500,
      capacityKwh: 5000,
      type: 'operating',
      longitude: 120.7,
      latitude: 31.3,
      timezone: opts.timezone ?? 'Asia/Shanghai',
      orgId: org?.id ?? 0,
    })
    .returning({ id: stations.id });
  if (!station) throw new Error('station not created');

  const add = async (sn: string, type: DeviceType, model: string | null, virtual: Record<string, string> = {}) => {
    const [d] = await db
      .insert(devices)
      .values({ stationId: station.id, type, name: sn, sn, reportIntervalS: opts.reportIntervalS ?? 10 })
      .returning({ id: devices.id });
    if (!d) throw new Error('device not created');
    const defs = DEVICE_MODELS.find((m) => m.code === model)?.points ?? [];
    const rows = [
      ...defs.map((p) => ({
        deviceId: d.id,
        code: p.code,
        names: p.names,
        unit: p.unit,
        kind: p.kind,
        min: p.min ?? null,
        max: p.max ?? null,
        counter: p.counter ?? false,
      })),
      ...Object.entries(virtual).map(([c, formula]) => ({
        deviceId: d.id,
        code: c,
        names: names(c, c, c, c),
        unit: 'kW',
        kind: 'telemetry' as const,
        formula,
      })),
    ];
    const ids = await db.insert(points).values(rows).returning({ id: points.id, code: points.code });
    return { id: d.id, sn, points: new Map(ids.map((r) => [r.code, r.id])) };
  };

  const pcs: TestDevice[] = [];
  for (let i = 1; i <= (opts.pcs ?? 2); i++) pcs.push(await add(`${code}-PCS-${i}`, 'pcs', 'PCS-1250'));
  const meter = await add(`${code}-MTR`, 'meter', 'METER-3P');
  const virtual = await add(`${code}-VIRT`, 'virtual', null, {
    storagePower: 'sum(type:pcs.p)',
    net: `{${code}-MTR.p} - {${code}-VIRT.storagePower}`,
  });
  return { id: station.id, code, pcs, meter, virtual };
}
