import type { Lang, StationRolePageBody, StationRoleRow } from '@ess/contract';
import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { stationRoles } from '../../../db/access-schema';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { roles, stations, users } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

/** The role named in the request's language (a seeded role's translation, else as stored). */
const columns = (lang: Lang) => ({
  id: stationRoles.id,
  userId: stationRoles.userId,
  username: users.username,
  realName: users.realName,
  stationId: stationRoles.stationId,
  stationName: stations.name,
  roleId: stationRoles.roleId,
  roleName: nameIn(roles, lang),
  roleEnabled: roles.enabled,
  createTime: stationRoles.createTime,
});

const selectRows = (db: Db, lang: Lang) =>
  db
    .select(columns(lang))
    .from(stationRoles)
    .innerJoin(users, eq(users.id, stationRoles.userId))
    .innerJoin(stations, eq(stations.id, stationRoles.stationId))
    .innerJoin(roles, eq(roles.id, stationRoles.roleId));
type Selected = Awaited<ReturnType<typeof selectRows>>[number];
/** A station role as listed; whether the caller may change it is the service's to add. */
export type StoredStationRole = Omit<StationRoleRow, 'manageable'>;
const toRow = (r: Selected): StoredStationRole => ({ ...r, createTime: r.createTime.getTime() });

/** Station roles at stations matching `scope` (the caller's station scope; undefined: all). */
export async function stationRolePage(
  db: Db,
  b: StationRolePageBody,
  scope: SQL | undefined,
  lang: Lang,
): Promise<{ rows: StoredStationRole[]; total: number }> {
  const name = b.name ? containsPattern(b.name) : null;
  const where = and(
    scope,
    name ? or(ilike(users.username, name), ilike(users.realName, name)) : undefined,
    b.stationId === undefined ? undefined : eq(stationRoles.stationId, b.stationId),
    b.roleId === undefined ? undefined : eq(stationRoles.roleId, b.roleId),
  );
  const { limit, offset } = pageSlice(b);
  const [rows, [total]] = await Promise.all([
    selectRows(db, lang)
      .where(where)
      .orderBy(
        ...pageOrder(
          b,
          {
            username: users.username,
            stationName: stations.name,
            roleName: nameIn(roles, lang),
            createTime: stationRoles.createTime,
          },
          [asc(stationRoles.id)],
        ),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(stationRoles)
      .innerJoin(users, eq(users.id, stationRoles.userId))
      .innerJoin(stations, eq(stations.id, stationRoles.stationId))
      .where(where),
  ]);
  return { rows: rows.map(toRow), total: total?.n ?? 0 };
}

export async function findStationRole(db: Db, id: number, lang: Lang): Promise<StoredStationRole | undefined> {
  const [row] = await selectRows(db, lang).where(eq(stationRoles.id, id));
  return row ? toRow(row) : undefined;
}

/** Another row for the same user and station (the one-role-per-station rule). */
export async function stationRoleTaken(db: Db, userId: number, stationId: number, exceptId?: number) {
  const [row] = await db
    .select({ id: stationRoles.id })
    .from(stationRoles)
    .where(
      and(
        eq(stationRoles.userId, userId),
        eq(stationRoles.stationId, stationId),
        exceptId === undefined ? undefined : ne(stationRoles.id, exceptId),
      ),
    );
  return row !== undefined;
}

export async function insertStationRole(
  db: Db,
  v: { userId: number; stationId: number; roleId: number },
): Promise<number | null> {
  const [row] = await db.insert(stationRoles).values(v).onConflictDoNothing().returning({ id: stationRoles.id });
  return row?.id ?? null;
}

export async function updateStationRole(
  db: Db,
  id: number,
  v: { userId: number; stationId: number; roleId: number },
): Promise<void> {
  await db.update(stationRoles).set(v).where(eq(stationRoles.id, id));
}

export async function deleteStationRole(db: Db, id: number): Promise<void> {
  await db.delete(stationRoles).where(eq(stationRoles.id, id));
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
}

export async function roleCode(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ code: roles.code }).from(roles).where(eq(roles.id, id));
  return row?.code ?? null;
}

export function userChoices(db: Db) {
  return db
    .select({ id: users.id, username: users.username, realName: users.realName })
    .from(users)
    .where(eq(users.demo, false))
    .orderBy(asc(users.username));
}

/** Roles a station role may be: every one but admin (whose permissions are global), named in `lang`. */
export function roleChoices(db: Db, adminCode: string, lang: Lang) {
  return db
    .select({ id: roles.id, code: roles.code, name: nameIn(roles, lang), enabled: roles.enabled })
    .from(roles)
    .where(ne(roles.code, adminCode))
    .orderBy(asc(roles.id));
}
