import type { Lang } from '@ess/contract';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { menus, orgs, roleMenus, roles, userRoles, users } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.username, username)))[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

/** The user with the name of their organisation (deptId) in `lang`, if any (null without one). */
export async function findUserWithDept(
  db: Db,
  id: number,
  lang: Lang,
): Promise<{ user: UserRow; deptName: string | null } | undefined> {
  const rows = await db
    .select({ user: users, deptName: nameIn(orgs, lang) })
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.deptId))
    .where(eq(users.id, id));
  return rows[0];
}

export async function roleCodesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.enabled, true)));
  return rows.map((r) => r.code);
}

/**
 * Permission strings granted through the enabled roles' menu and button rows; admin holds all
 * of them. A disabled role grants nothing, whoever passes its code.
 */
export async function permsOf(db: Db, roleCodes: string[]): Promise<string[]> {
  if (roleCodes.length === 0) return [];
  const rows = roleCodes.includes('admin')
    ? await db.select({ perms: menus.perms }).from(menus).where(isNotNull(menus.perms))
    : await db
        .selectDistinct({ perms: menus.perms })
        .from(roleMenus)
        .innerJoin(roles, eq(roles.id, roleMenus.roleId))
        .innerJoin(menus, eq(menus.id, roleMenus.menuId))
        .where(
          and(inArray(roles.code, roleCodes), eq(roles.enabled, true), isNotNull(menus.perms), eq(menus.status, 1)),
        );
  return [...new Set(rows.flatMap((r) => (r.perms ? r.perms.split(',').map((p) => p.trim()) : [])))].sort();
}

/** True when another account has the very same hash (same salt: seeded by an earlier version). */
export async function isPasswordHashShared(db: Db, passwordHash: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.passwordHash, passwordHash));
  return (row?.n ?? 0) > 1;
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updateTime: new Date() }).where(eq(users.id, userId));
}

/** Display names (nickname, else user name) of users by id, for lists that show who did something. */
export async function userNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nickname || r.username]));
}
