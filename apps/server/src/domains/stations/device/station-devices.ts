import type { DeviceModelDef, DeviceType, Names } from '@ess/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deviceModels, devices, points } from '../../../db/schema';
import { tsLatest } from '../../../db/telemetry-schema';
import type { DeviceRow } from './device-access';
import { intArray } from './query-rows';

export type PointRow = typeof points.$inferSelect;
export type Sample = { value: number; ts: number };
export type LoadedPoint = PointRow & { latest: Sample | null };
export type LoadedDevice = DeviceRow & {
  modelCode: string | null;
  modelNames: Names | null;
  modelRated: DeviceModelDef['rated'] | null;
  points: LoadedPoint[];
};

export type DeviceFilter = {
  types?: readonly DeviceType[];
  deviceIds?: readonly number[];
  /** true: virtual devices only; false: real devices only; absent: both. */
  virtual?: boolean;
  /** Read each point's newest sample (ts_latest). Default true. */
  latest?: boolean;
};

/**
 * A station's devices (by sort, id) with their model, points (by sort) and newest samples, in
 * three queries. The caller has checked the station's scope.
 */
export async function loadStationDevices(
  db: Db,
  stationId: number,
  filter: DeviceFilter = {},
): Promise<LoadedDevice[]> {
  const where: (SQL | undefined)[] = [eq(devices.stationId, stationId)];
  if (filter.types) where.push(filter.types.length ? inArray(devices.type, [...filter.types]) : sql`false`);
  if (filter.deviceIds) where.push(filter.deviceIds.length ? inArray(devices.id, [...filter.deviceIds]) : sql`false`);
  if (filter.virtual === true) where.push(eq(devices.type, 'virtual'));
  if (filter.virtual === false) where.push(ne(devices.type, 'virtual'));
  const rows = await db
    .select({
      device: devices,
      modelCode: deviceModels.code,
      modelNames: deviceModels.names,
      modelRated: deviceModels.rated,
    })
    .from(devices)
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(and(...where))
    .orderBy(asc(devices.sort), asc(devices.id));
  if (rows.length === 0) return [];

  const pointRows = await db
    .select()
    .from(points)
    .where(
      inArray(
        points.deviceId,
        rows.map((r) => r.device.id),
      ),
    )
    .orderBy(asc(points.deviceId), asc(points.sort), asc(points.id));
  const latest =
    filter.latest === false
      ? new Map<number, Sample>()
      : await latestOf(
          db,
          pointRows.map((p) => p.id),
        );

  const byDevice = new Map<number, LoadedPoint[]>();
  for (const p of pointRows) {
    const list = byDevice.get(p.deviceId) ?? [];
    list.push({ ...p, latest: latest.get(p.id) ?? null });
    byDevice.set(p.deviceId, list);
  }
  return rows.map((r) => ({
    ...r.device,
    modelCode: r.modelCode,
    modelNames: r.modelNames,
    modelRated: r.modelRated,
    points: byDevice.get(r.device.id) ?? [],
  }));
}

/** Newest sample per point id. */
export async function latestOf(db: Db, pointIds: readonly number[]): Promise<Map<number, Sample>> {
  if (pointIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tsLatest)
    .where(sql`${tsLatest.pointId} = any(${intArray(pointIds)})`);
  return new Map(rows.map((r) => [r.pointId, { value: r.value, ts: r.ts.getTime() }]));
}

/** The newest sample of the device's point `code`, if any. */
export const pointSample = (device: Pick<LoadedDevice, 'points'>, code: string): Sample | null =>
  device.points.find((p) => p.code === code)?.latest ?? null;

export const pointValue = (device: Pick<LoadedDevice, 'points'>, code: string): number | null =>
  pointSample(device, code)?.value ?? null;
