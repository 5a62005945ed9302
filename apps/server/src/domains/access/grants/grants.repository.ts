import type { DataScope } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { roleOrgs, stationRoles } from '../../../db/access-schema';
import type { Db } from '../../../db/client';
import { orgs, roleMenus, roles, userRoles, userStations, users } from '../../../db/schema';

/** What a role grants: its menu and button rows and its data scope. */
export type RoleGrant = {
  id: number;
  code: string;
  enabled: boolean;
  dataScope: DataScope;
  menuIds: number[];
  orgIds: number[];
};

/** Every right a user holds: roles, organisation, group-wide flag, station grants and station roles. */
export type UserHoldings = {
  userId: number;
  deptId: number | null;
  groupWide: boolean;
  roleIds: number[];
  stationIds: number[];
  stationRoles: { stationId: number; roleId: number }[];
};

/** The grants of these roles, by id (unknown ids are absent). */
export async function roleGrants(db: Db, roleIds: readonly number[]): Promise<Map<number, RoleGrant>> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return new Map();
  const [rows, menuRows, orgRows] = await Promise.all([
    db
      .select({ id: roles.id, code: roles.code, enabled: roles.enabled, dataScope: roles.dataScope })
      .from(roles)
      .where(inArray(roles.id, ids)),
    db.select({ roleId: roleMenus.roleId, id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, ids)),
    db.select({ roleId: roleOrgs.roleId, id: roleOrgs.orgId }).from(roleOrgs).where(inArray(roleOrgs.roleId, ids)),
  ]);
  const out = new Map(rows.map((r) => [r.id, { ...r, menuIds: [] as number[], orgIds: [] as number[] }]));
  for (const m of menuRows) out.get(m.roleId)?.menuIds.push(m.id);
  for (const o of orgRows) out.get(o.roleId)?.orgIds.push(o.id);
  return out;
}

/** Ids of the enabled roles a user holds globally (not at a station). */
export async function enabledRoleIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
  return rows.map((r) => r.id);
}

/** Every organisation's parent (0 for a root), for subtree tests. */
export async function orgParents(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: orgs.id, pid: orgs.pid }).from(orgs).orderBy(asc(orgs.id));
  return new Map(rows.map((r) => [r.id, r.pid]));
}

/** What these users hold, by id (unknown ids are absent). Roles disabled or not: each could be enabled again. */
export async function userHoldings(db: Db, userIds: readonly number[]): Promise<Map<number, UserHoldings>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [rows, roleRows, stationRows, stationRoleRows] = await Promise.all([
    db
      .select({ id: users.id, deptId: users.deptId, groupWide: users.groupWide })
      .from(users)
      .where(inArray(users.id, ids)),
    db.select({ userId: userRoles.userId, id: userRoles.roleId }).from(userRoles).where(inArray(userRoles.userId, ids)),
    db
      .select({ userId: userStations.userId, id: userStations.stationId })
      .from(userStations)
      .where(inArray(userStations.userId, ids)),
    db
      .select({ userId: stationRoles.userId, stationId: stationRoles.stationId, roleId: stationRoles.roleId })
      .from(stationRoles)
      .where(inArray(stationRoles.userId, ids)),
  ]);
  const out = new Map<number, UserHoldings>(
    rows.map((r) => [
      r.id,
      { userId: r.id, deptId: r.deptId, groupWide: r.groupWide, roleIds: [], stationIds: [], stationRoles: [] },
    ]),
  );
  for (const r of roleRows) out.get(r.userId)?.roleIds.push(r.id);
  for (const s of stationRows) out.get(s.userId)?.stationIds.push(s.id);
  for (const s of stationRoleRows) out.get(s.userId)?.stationRoles.push({ stationId: s.stationId, roleId: s.roleId });
  return out;
}
