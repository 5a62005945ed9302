import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type PageConfigKind, pageConfigs } from '../../../db/curve-config-schema';
import { devices, menus, points, roleMenus, roles } from '../../../db/schema';

/** A resolved location: the permission id is 0 where it is not applied. */
export type ConfigLocation = { stationId: number; pageLocation: string; divLocation: string; permissionId: number };

const at = (kind: PageConfigKind, k: ConfigLocation) =>
  and(
    eq(pageConfigs.kind, kind),
    eq(pageConfigs.stationId, k.stationId),
    eq(pageConfigs.pageLocation, k.pageLocation),
    eq(pageConfigs.divLocation, k.divLocation),
    eq(pageConfigs.permissionId, k.permissionId),
  );

/** Whether `menuId` is an enabled menu row granted to one of `roleCodes` (null: any, for admins). */
export async function menuGranted(db: Db, menuId: number, roleCodes: string[] | null): Promise<boolean> {
  const base = and(eq(menus.id, menuId), eq(menus.type, 'menu'), eq(menus.status, 1));
  if (roleCodes === null) {
    const [row] = await db.select({ id: menus.id }).from(menus).where(base);
    return Boolean(row);
  }
  if (roleCodes.length === 0) return false;
  const [row] = await db
    .select({ id: menus.id })
    .from(menus)
    .innerJoin(roleMenus, eq(roleMenus.menuId, menus.id))
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(base, inArray(roles.code, roleCodes), eq(roles.enabled, true)))
    .limit(1);
  return Boolean(row);
}

export type ConfigRowJoined = {
  id: number;
  deviceId: number;
  deviceName: string;
  /** A seeded device's name per language (the reader picks with localName). */
  deviceNames: (typeof devices.$inferSelect)['names'];
  sn: string;
  deviceStatus: (typeof devices.$inferSelect)['status'];
  point: typeof points.$inferSelect;
  label: string | null;
  sort: number;
};

/** The rows of a location in their order, with device and point. */
export async function selectConfigRows(db: Db, kind: PageConfigKind, k: ConfigLocation): Promise<ConfigRowJoined[]> {
  return db
    .select({
      id: pageConfigs.id,
      deviceId: pageConfigs.deviceId,
      deviceName: devices.name,
      deviceNames: devices.names,
      sn: devices.sn,
      deviceStatus: devices.status,
      point: points,
      label: pageConfigs.label,
      sort: pageConfigs.sort,
    })
    .from(pageConfigs)
    .innerJoin(devices, eq(devices.id, pageConfigs.deviceId))
    .innerJoin(points, eq(points.id, pageConfigs.pointId))
    .where(at(kind, k))
    .orderBy(asc(pageConfigs.sort), asc(pageConfigs.id));
}

/** Replaces the rows of a location in one transaction; `sort` follows the given order. */
export async function replaceConfigRows(
  db: Db,
  kind: PageConfigKind,
  k: ConfigLocation,
  rows: { deviceId: number; pointId: number; label: string | null }[],
  userId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(pageConfigs).where(at(kind, k));
    if (rows.length === 0) return;
    await tx.insert(pageConfigs).values(rows.map((r, sort) => ({ ...k, ...r, kind, sort, updateBy: userId })));
  });
}
