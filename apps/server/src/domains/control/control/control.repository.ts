import type { DeviceType, Lang, Names } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { deviceModels, devices, points, stations } from '../../../db/schema';
import { tsLatest } from '../../../db/telemetry-schema';

/** A device as remote control addresses it. */
export type ControlDevice = {
  id: number;
  stationId: number;
  stationCode: string;
  sn: string;
  name: string;
  type: DeviceType;
  ratedPowerKw: number | null;
  /** Its station's rated power (kW): the bound of power setpoints (command-value.ts). */
  stationRatedPowerKw: number;
};

/** Its name in `lang` (a seeded device's translation, else as stored). */
const deviceColumns = (lang: Lang) => ({
  id: devices.id,
  stationId: devices.stationId,
  stationCode: stations.code,
  stationRatedPowerKw: stations.ratedPowerKw,
  sn: devices.sn,
  name: nameIn(devices, lang),
  type: devices.type,
  rated: deviceModels.rated,
});

const selectDevices = (db: Db, lang: Lang) =>
  db
    .select(deviceColumns(lang))
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId));

type Selected = {
  [K in keyof ReturnType<typeof deviceColumns>]: K extends 'rated'
    ? (typeof deviceModels.$inferSelect)['rated'] | null
    : K extends 'stationCode'
      ? string
      : K extends 'stationRatedPowerKw'
        ? number
        : (typeof devices.$inferSelect)[Exclude<K, 'rated' | 'stationCode' | 'stationRatedPowerKw'>];
};

const toDevice = ({ rated, ...d }: Selected): ControlDevice => ({ ...d, ratedPowerKw: rated?.powerKw ?? null });

// Callers that show no name take the default language.
export async function findControlDevice(db: Db, deviceId: number, lang: Lang = 'zh_CN'): Promise<ControlDevice | null> {
  const [row] = await selectDevices(db, lang).where(eq(devices.id, deviceId));
  return row ? toDevice(row) : null;
}

/** A station's devices of one type, by sort, named in `lang`. */
export async function stationDevicesOfType(
  db: Db,
  stationId: number,
  type: DeviceType,
  lang: Lang = 'zh_CN',
): Promise<ControlDevice[]> {
  const rows = await selectDevices(db, lang)
    .where(and(eq(devices.stationId, stationId), eq(devices.type, type)))
    .orderBy(asc(devices.sort), asc(devices.id));
  return rows.map(toDevice);
}

/** A point of a device with its latest value. */
export type StoredPoint = {
  deviceId: number;
  code: string;
  names: Names;
  kind: 'telemetry' | 'status' | 'control' | 'setpoint';
  unit: string | null;
  precision: number;
  min: number | null;
  max: number | null;
  states: Record<string, Names> | null;
  value: number | null;
  ts: Date | null;
};

/** The points of these devices (all kinds, or those of `codes`/`kinds`), with their latest values. */
export async function pointsWithLatest(
  db: Db,
  deviceIds: number[],
  filter: { kinds?: StoredPoint['kind'][]; codes?: string[] } = {},
): Promise<StoredPoint[]> {
  if (deviceIds.length === 0) return [];
  const conds = [inArray(points.deviceId, deviceIds)];
  if (filter.kinds) conds.push(inArray(points.kind, filter.kinds));
  if (filter.codes) conds.push(inArray(points.code, filter.codes));
  return db
    .select({
      deviceId: points.deviceId,
      code: points.code,
      names: points.names,
      kind: points.kind,
      unit: points.unit,
      precision: points.precision,
      min: points.min,
      max: points.max,
      states: points.states,
      value: tsLatest.value,
      ts: tsLatest.ts,
    })
    .from(points)
    .leftJoin(tsLatest, eq(tsLatest.pointId, points.id))
    .where(and(...conds))
    .orderBy(asc(points.deviceId), asc(points.sort), asc(points.id));
}
