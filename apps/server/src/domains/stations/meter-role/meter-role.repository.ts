import { DEFAULT_METER_CONNECTION, type Lang, type MeterConnection, type MeterRole } from '@ess/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { devices, meterConnections, meterRoles } from '../../../db/schema';

/** Names in `lang` (a seeded meter's translation, else as stored). */
export async function rolesOfStation(db: Db, stationId: number, lang: Lang) {
  return db
    .select({ role: meterRoles.role, deviceId: devices.id, name: nameIn(devices, lang), sn: devices.sn })
    .from(meterRoles)
    .innerJoin(devices, eq(devices.id, meterRoles.deviceId))
    .where(eq(meterRoles.stationId, stationId));
}

/**
 * The station's meters with their connection (a meter nobody configured: 400 V, read directly),
 * named in `lang`.
 */
export async function metersOfStation(db: Db, stationId: number, lang: Lang = 'zh_CN') {
  const rows = await db
    .select({
      deviceId: devices.id,
      name: nameIn(devices, lang),
      sn: devices.sn,
      status: devices.status,
      nominalVoltageV: meterConnections.nominalVoltageV,
      ptRatio: meterConnections.ptRatio,
      ctRatio: meterConnections.ctRatio,
    })
    .from(devices)
    .leftJoin(meterConnections, eq(meterConnections.deviceId, devices.id))
    .where(and(eq(devices.stationId, stationId), eq(devices.type, 'meter')))
    .orderBy(asc(devices.sort), asc(devices.id));
  return rows.map(({ nominalVoltageV, ptRatio, ctRatio, ...m }) => ({
    ...m,
    connection:
      nominalVoltageV === null || ptRatio === null || ctRatio === null
        ? DEFAULT_METER_CONNECTION
        : { nominalVoltageV, ptRatio, ctRatio },
  }));
}

export async function upsertConnection(db: Db, deviceId: number, c: MeterConnection): Promise<void> {
  await db
    .insert(meterConnections)
    .values({ deviceId, ...c })
    .onConflictDoUpdate({ target: meterConnections.deviceId, set: { ...c, updateTime: new Date() } });
}

/** Inserts the role; false when the station already has a meter in it. */
export async function insertRole(db: Db, stationId: number, role: MeterRole, deviceId: number): Promise<boolean> {
  const rows = await db
    .insert(meterRoles)
    .values({ stationId, role, deviceId })
    .onConflictDoNothing()
    .returning({ role: meterRoles.role });
  return rows.length > 0;
}

export async function upsertRole(db: Db, stationId: number, role: MeterRole, deviceId: number): Promise<void> {
  await db
    .insert(meterRoles)
    .values({ stationId, role, deviceId })
    .onConflictDoUpdate({ target: [meterRoles.stationId, meterRoles.role], set: { deviceId } });
}

export async function deleteRole(db: Db, stationId: number, role: MeterRole): Promise<void> {
  await db.delete(meterRoles).where(and(eq(meterRoles.stationId, stationId), eq(meterRoles.role, role)));
}
