import type { DataScope, Lang, RolePageBody, RoleRow } from '@ess/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { roleOrgs } from '../../../db/access-schema';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { menus, orgs, roleMenus, roles } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Users holding the role, globally (sys_user_role) or at a station (sys_station_role). */
const holders = sql<number>`(select count(*)::int from (
    select user_id from sys_user_role where role_id = ${roles.id}
    union select user_id from sys_station_role where role_id = ${roles.id}
  ) h)`;

/** Name and description in the request's language (a seeded role's translations, else as stored). */
const columns = (lang: Lang) => ({
  id: roles.id,
  code: roles.code,
  name: nameIn(roles, lang),
  description: nameIn({ name: roles.description, names: roles.descriptions }, lang),
  enabled: roles.enabled,
  dataScope: roles.dataScope,
  userCount: holders,
  createTime: roles.createTime,
});

/** A role as listed; whether the caller may change it is the service's to add. */
export type StoredRole = Omit<RoleRow, 'manageable'>;

const toRow =
  (adminCode: string) =>
  (r: Omit<StoredRole, 'builtin' | 'createTime'> & { createTime: Date }): StoredRole => ({
    ...r,
    userCount: Number(r.userCount),
    builtin: r.code === adminCode,
    createTime: r.createTime.getTime(),
  });

/** A name typed in any language finds a seeded role. */
function pageFilter(b: RolePageBody): SQL | undefined {
  const name = b.name ? containsPattern(b.name) : null;
  return and(
    name ? or(nameMatches(roles, name), ilike(roles.code, name)) : undefined,
    b.enabled === undefined ? undefined : eq(roles.enabled, b.enabled),
  );
}

export async function rolePage(
  db: Db,
  b: RolePageBody,
  adminCode: string,
  lang: Lang,
): Promise<{ rows: StoredRole[]; total: number }> {
  const where = pageFilter(b);
  const { limit, offset } = pageSlice(b);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns(lang))
      .from(roles)
      .where(where)
      .orderBy(
        ...pageOrder(b, { code: roles.code, name: nameIn(roles, lang), createTime: roles.createTime }, [asc(roles.id)]),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { rows: rows.map(toRow(adminCode)), total: total?.n ?? 0 };
}

export async function findRole(db: Db, id: number, adminCode: string, lang: Lang): Promise<StoredRole | undefined> {
  const [row] = await db.select(columns(lang)).from(roles).where(eq(roles.id, id));
  return row ? toRow(adminCode)(row) : undefined;
}

export async function roleLinks(db: Db, id: number): Promise<{ menuIds: number[]; orgIds: number[] }> {
  const [m, o] = await Promise.all([
    db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id)).orderBy(roleMenus.menuId),
    db.select({ id: roleOrgs.orgId }).from(roleOrgs).where(eq(roleOrgs.roleId, id)).orderBy(roleOrgs.orgId),
  ]);
  return { menuIds: m.map((r) => r.id), orgIds: o.map((r) => r.id) };
}

export async function roleCodeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(sql`lower(${roles.code}) = lower(${code})`);
  return row !== undefined;
}

/** Every menu and button row, by order then id. */
export function allMenuRows(db: Db) {
  return db
    .select({
      id: menus.id,
      pid: menus.pid,
      code: menus.code,
      name: menus.name,
      names: menus.names,
      type: menus.type,
      perms: menus.perms,
    })
    .from(menus)
    .orderBy(asc(menus.orderNum), asc(menus.id));
}

/** Every organisation, named in `lang` (callers that show no name take the default). */
export function allOrgs(db: Db, lang: Lang = 'zh_CN') {
  return db
    .select({ id: orgs.id, pid: orgs.pid, name: nameIn(orgs, lang) })
    .from(orgs)
    .orderBy(asc(orgs.orderNum), asc(orgs.id));
}

export type RoleFields = { name: string; description: string | null; enabled: boolean; dataScope: DataScope };
/** The grants to write; `menuIds` null leaves the menu rows as they are (the admin role holds all). */
export type RoleGrants = { menuIds: number[] | null; orgIds: number[] };

async function replaceGrants(tx: Tx, roleId: number, g: RoleGrants): Promise<void> {
  if (g.menuIds) {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (g.menuIds.length) await tx.insert(roleMenus).values(g.menuIds.map((menuId) => ({ roleId, menuId })));
  }
  await tx.delete(roleOrgs).where(eq(roleOrgs.roleId, roleId));
  if (g.orgIds.length) await tx.insert(roleOrgs).values(g.orgIds.map((orgId) => ({ roleId, orgId })));
}

/** Inserts the role with its grants; null when the code was taken meanwhile. */
export async function insertRole(db: Db, r: RoleFields & { code: string }, g: RoleGrants): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(roles).values(r).onConflictDoNothing().returning({ id: roles.id });
    if (!row) return null;
    await replaceGrants(tx, row.id, g);
    return row.id;
  });
}

/** `r` without name or description leaves them (and their translations) as they are. */
export async function updateRole(
  db: Db,
  id: number,
  r: Partial<typeof roles.$inferInsert>,
  g: RoleGrants,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(roles).set(r).where(eq(roles.id, id));
    await replaceGrants(tx, id, g);
  });
}

export async function setRoleEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await db.update(roles).set({ enabled }).where(eq(roles.id, id));
}

/** Deletes the role when nobody holds it (checked in the same statement); false otherwise. */
export async function deleteUnheldRole(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(roles)
    .where(and(eq(roles.id, id), sql`${holders} = 0`))
    .returning({ id: roles.id });
  return rows.length > 0;
}

/** Enabled roles by name in the reader's language (only `ids` when given): what a user may pick from. */
export function roleChoices(db: Db, lang: Lang, ids: readonly number[] | null) {
  return db
    .select({ id: roles.id, code: roles.code, name: nameIn(roles, lang) })
    .from(roles)
    .where(and(eq(roles.enabled, true), ids ? inArray(roles.id, [...ids]) : undefined))
    .orderBy(asc(roles.id));
}
