import { type Lang, localDateOf, type SiteConfig, type VirtualConfig } from '@ess/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { deviceModels, devices, meterRoles, points } from '../../../db/schema';
import { stationTariffs, templateOn } from '../../monitoring/rate';
import { stationOffsets } from '../../stations/offset';
import type { StationRow } from '../../stations/station';

type DeviceRow = {
  id: number;
  sn: string;
  name: string;
  type: string;
  model: string | null;
  parentId: number | null;
  reportIntervalS: number;
};

/** Seeded devices carry the name in the language of whoever syncs (the one reading it back). */
async function stationDevices(db: Db, stationId: number, lang: Lang): Promise<DeviceRow[]> {
  return db
    .select({
      id: devices.id,
      sn: devices.sn,
      name: nameIn(devices, lang),
      type: devices.type,
      model: deviceModels.code,
      parentId: devices.parentId,
      reportIntervalS: devices.reportIntervalS,
    })
    .from(devices)
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(eq(devices.stationId, stationId))
    .orderBy(asc(devices.sort), asc(devices.id));
}

async function pointsOf(db: Db, deviceIds: number[]) {
  if (deviceIds.length === 0) return [];
  return db
    .select({ id: points.id, deviceId: points.deviceId, code: points.code, kind: points.kind, formula: points.formula })
    .from(points)
    .where(inArray(points.deviceId, deviceIds))
    .orderBy(asc(points.sort), asc(points.id));
}

/** The virtual device and point definitions of a station, as the EMS receives them. */
export async function buildVirtualConfig(
  db: Db,
  station: StationRow,
  version: number,
  lang: Lang,
): Promise<VirtualConfig> {
  const all = await stationDevices(db, station.id, lang);
  const virtual = all.filter((d) => d.type === 'virtual');
  const pts = await pointsOf(
    db,
    virtual.map((d) => d.id),
  );
  return {
    stationCode: station.code,
    version,
    virtualDevices: virtual.map((d) => ({
      sn: d.sn,
      name: d.name,
      points: pts.flatMap((p) => (p.deviceId === d.id && p.formula ? [{ code: p.code, formula: p.formula }] : [])),
    })),
  };
}

/**
 * A station's whole configuration in one payload: its real devices (serial, model, parent) with
 * the calibration of their reported points, its virtual points, its meter roles and the TOU
 * template in force today (station's local date).
 */
export async function buildSiteConfig(db: Db, station: StationRow, version: number, lang: Lang): Promise<SiteConfig> {
  const all = await stationDevices(db, station.id, lang);
  const real = all.filter((d) => d.type !== 'virtual');
  const snById = new Map(all.map((d) => [d.id, d.sn]));
  const [pts, offsets, roles, tariffs, virtual] = await Promise.all([
    pointsOf(
      db,
      real.map((d) => d.id),
    ),
    stationOffsets(db, station.id),
    db.select().from(meterRoles).where(eq(meterRoles.stationId, station.id)),
    stationTariffs(db, [station.id]),
    buildVirtualConfig(db, station, version, lang),
  ]);
  const tou = templateOn(tariffs.get(station.id) ?? [], localDateOf(Date.now(), station.timezone));
  return {
    ...virtual,
    devices: real.map((d) => ({
      sn: d.sn,
      name: d.name,
      type: d.type,
      model: d.model,
      parentSn: d.parentId === null ? null : (snById.get(d.parentId) ?? null),
      reportIntervalS: d.reportIntervalS,
      points: pts.flatMap((p) =>
        p.deviceId === d.id && (p.kind === 'telemetry' || p.kind === 'status')
          ? [{ code: p.code, scale: offsets.get(p.id)?.scale ?? 1, offset: offsets.get(p.id)?.offset ?? 0 }]
          : [],
      ),
    })),
    meterRoles: Object.fromEntries(
      roles.flatMap((r) => (snById.has(r.deviceId) ? [[r.role, snById.get(r.deviceId)]] : [])),
    ),
    tou: tou
      ? {
          code: tou.code,
          name: tou.name,
          segments: tou.segments,
          prices: tou.prices,
          currency: tou.currency,
          validFrom: tou.validFrom,
          validTo: tou.validTo,
        }
      : null,
  };
}
