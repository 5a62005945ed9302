import type { Lang } from '@ess/contract';
import { and, asc, count, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deviceModels, devices, stations } from '../../../db/schema';
import { stationScopeFilter } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';

/** A device a firmware upgrade may target, as the upgrade module needs it. */
export type FirmwareDevice = {
  deviceId: number;
  sn: string;
  name: string;
  stationId: number;
  stationCode: string;
  stationName: string;
  modelCode: string | null;
  version: string | null;
};

const columns = {
  deviceId: devices.id,
  sn: devices.sn,
  name: devices.name,
  stationId: stations.id,
  stationCode: stations.code,
  stationName: stations.name,
  modelCode: deviceModels.code,
  version: devices.firmwareVersion,
};

/** Stores the firmware version a device reported, when it changed. */
export async function recordFirmware(db: Db, deviceId: number, version: string): Promise<void> {
  await db
    .update(devices)
    .set({ firmwareVersion: version })
    .where(and(eq(devices.id, deviceId), or(isNull(devices.firmwareVersion), ne(devices.firmwareVersion, version))));
}

/**
 * Devices of a model in the caller's station scope (and one station, and one current version:
 * "" for devices that reported none), by station and serial.
 */
export function firmwareCandidates(
  db: Db,
  user: SessionUser,
  filter: { modelCode: string; stationId?: number; version?: string },
): Promise<FirmwareDevice[]> {
  const where: (SQL | undefined)[] = [eq(deviceModels.code, filter.modelCode), stationScopeFilter(user)];
  if (filter.stationId !== undefined) where.push(eq(stations.id, filter.stationId));
  if (filter.version !== undefined)
    where.push(filter.version === '' ? isNull(devices.firmwareVersion) : eq(devices.firmwareVersion, filter.version));
  return db
    .select(columns)
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(and(...where))
    .orderBy(asc(stations.name), asc(devices.sn))
    .limit(10_000);
}

/** The named devices that are in the caller's scope, by serial number (others are left out: the caller compares counts). */
export function firmwareDevices(db: Db, user: SessionUser | null, ids: readonly number[]): Promise<FirmwareDevice[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(and(inArray(devices.id, [...ids]), user ? stationScopeFilter(user) : undefined))
    .orderBy(asc(devices.sn));
}

/** Device models with devices in the caller's stations, named in `lang`, with how many devices each. */
export async function firmwareModels(
  db: Db,
  user: SessionUser,
  lang: Lang,
): Promise<{ code: string; name: string; devices: number }[]> {
  const rows = await db
    .select({ code: deviceModels.code, names: deviceModels.names, devices: count() })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(stationScopeFilter(user))
    .groupBy(deviceModels.code, deviceModels.names)
    .orderBy(asc(deviceModels.code));
  return rows.map((r) => ({ code: r.code, name: r.names[lang] || r.code, devices: r.devices }));
}
