import type { Lang, SysUserRow, UserPageBody } from '@ess/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { orgs, posts, roles, userRoles, userStations, users } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

/** User administration's SQL: the list, one user, and writing a user with roles and grants. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Role of the roleNames subquery (alias r). */
const r = { name: sql`r.name`, names: sql`r.names` };

/** Organisation and role names in the request's language (seeded translations, else as stored). */
const columns = (lang: Lang) => ({
  id: users.id,
  username: users.username,
  realName: users.realName,
  nickname: users.nickname,
  phone: users.phone,
  email: users.email,
  sex: users.sex,
  deptId: users.deptId,
  deptName: nameIn(orgs, lang),
  postId: users.postId,
  postName: posts.name,
  enabled: users.enabled,
  createTime: users.createTime,
  roleIds: sql<number[]>`coalesce((select array_agg(ur.role_id order by ur.role_id) from sys_user_role ur
    where ur.user_id = ${users.id}), '{}')`,
  roleNames: sql<string[]>`coalesce((select array_agg(${nameIn(r, lang)} order by r.id) from sys_user_role ur
    join sys_role r on r.id = ur.role_id where ur.user_id = ${users.id}), '{}')`,
  stationIds: sql<number[]>`coalesce((select array_agg(us.station_id order by us.station_id)
    from sys_user_station us where us.user_id = ${users.id}), '{}')`,
});

const selectUsers = (db: Db, lang: Lang) =>
  db
    .select(columns(lang))
    .from(users)
    .leftJoin(orgs, eq(orgs.id, users.deptId))
    .leftJoin(posts, eq(posts.id, users.postId));
type Selected = Awaited<ReturnType<typeof selectUsers>>[number];

/** A user as listed; whether the caller may change them is the service's to add. */
export type StoredUser = Omit<SysUserRow, 'manageable'>;

const toRow =
  (builtinName: string) =>
  (r: Selected): StoredUser => ({
    ...r,
    sex: r.sex === 0 || r.sex === 1 || r.sex === 2 ? r.sex : null,
    roleIds: r.roleIds.map(Number),
    stationIds: r.stationIds.map(Number),
    builtin: r.username === builtinName,
    createTime: r.createTime.getTime(),
  });

/** The page's filters, within the organisations the caller sees (`orgIds`; null: every user). */
function pageFilter(b: UserPageBody, orgIds: readonly number[] | null): SQL | undefined {
  const name = b.name ? containsPattern(b.name) : null;
  return and(
    orgIds === null ? undefined : orgIds.length ? inArray(users.deptId, [...orgIds]) : sql`false`,
    name ? or(ilike(users.username, name), ilike(users.realName, name), ilike(users.nickname, name)) : undefined,
    b.phone ? ilike(users.phone, containsPattern(b.phone)) : undefined,
    b.deptId === undefined ? undefined : eq(users.deptId, b.deptId),
    b.roleId === undefined
      ? undefined
      : inArray(users.id, sql`(select user_id from sys_user_role where role_id = ${b.roleId})`),
    b.enabled === undefined ? undefined : eq(users.enabled, b.enabled),
  );
}

export async function userPage(
  db: Db,
  b: UserPageBody,
  builtinName: string,
  orgIds: readonly number[] | null,
  lang: Lang,
): Promise<{ rows: StoredUser[]; total: number }> {
  const where = pageFilter(b, orgIds);
  const { limit, offset } = pageSlice(b);
  const [rows, [total]] = await Promise.all([
    selectUsers(db, lang)
      .where(where)
      .orderBy(
        ...pageOrder(b, { username: users.username, realName: users.realName, createTime: users.createTime }, [
          asc(users.id),
        ]),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toRow(builtinName)), total: total?.n ?? 0 };
}

export async function findAdminUser(
  db: Db,
  id: number,
  builtinName: string,
  lang: Lang,
): Promise<StoredUser | undefined> {
  const [row] = await selectUsers(db, lang).where(eq(users.id, id));
  return row ? toRow(builtinName)(row) : undefined;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row !== undefined;
}

export type UserFields = {
  realName: string;
  nickname: string | null;
  phone: string;
  email: string | null;
  sex: number | null;
  deptId: number | null;
  postId: number | null;
  enabled: boolean;
};

/** Replaces the user's roles and explicit station grants. */
async function replaceLinks(db: Tx, userId: number, roleIds: number[], stationIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  await db.delete(userStations).where(eq(userStations.userId, userId));
  if (stationIds.length) await db.insert(userStations).values(stationIds.map((stationId) => ({ userId, stationId })));
}

/** Inserts a user with roles and grants in one transaction; null when the login name was taken meanwhile. */
export async function insertUser(
  db: Db,
  u: UserFields & { username: string; passwordHash: string },
  roleIds: number[],
  stationIds: number[],
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(u).onConflictDoNothing().returning({ id: users.id });
    if (!row) return null;
    await replaceLinks(tx, row.id, roleIds, stationIds);
    return row.id;
  });
}

export async function updateUser(
  db: Db,
  id: number,
  u: UserFields,
  roleIds: number[],
  stationIds: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...u, updateTime: new Date() })
      .where(eq(users.id, id));
    await replaceLinks(tx, id, roleIds, stationIds);
  });
}

export async function setUserEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await db.update(users).set({ enabled, updateTime: new Date() }).where(eq(users.id, id));
}

/** Deletes the user; sessions, roles, grants, station roles and personal settings go with it (cascade). */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function existingIds(db: Db, table: 'org' | 'post' | 'role', ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const t = table === 'org' ? orgs : table === 'post' ? posts : roles;
  const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function roleCodesById(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.select({ code: roles.code }).from(roles).where(inArray(roles.id, ids))).map((r) => r.code);
}

/** Roles, organisations and posts for the user form's selects, named in `lang`. */
export async function formChoices(db: Db, lang: Lang) {
  const [roleRows, orgRows, postRows] = await Promise.all([
    db
      .select({ id: roles.id, code: roles.code, name: nameIn(roles, lang), enabled: roles.enabled })
      .from(roles)
      .orderBy(asc(roles.id)),
    db
      .select({ id: orgs.id, pid: orgs.pid, name: nameIn(orgs, lang) })
      .from(orgs)
      .orderBy(asc(orgs.orderNum), asc(orgs.id)),
    db
      .select({ id: posts.id, name: posts.name, enabled: posts.enabled })
      .from(posts)
      .orderBy(asc(posts.orderNum), asc(posts.id)),
  ]);
  return { roles: roleRows, orgs: orgRows, posts: postRows };
}
