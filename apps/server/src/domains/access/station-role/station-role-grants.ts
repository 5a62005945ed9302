import { and, eq } from 'drizzle-orm';
import { stationRoles } from '../../../db/access-schema';
import type { Db } from '../../../db/client';
import { roles } from '../../../db/schema';
import { permsOf } from '../user';

/**
 * What a user's station role adds at one station (docs/api.md "Station roles"): the code of
 * their enabled role there, whose menus the station's menu shows, or null. Read per call, so
 * a change applies to the next call.
 */
export async function stationRoleCodeAt(db: Db, userId: number, stationId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: roles.code })
    .from(stationRoles)
    .innerJoin(roles, eq(roles.id, stationRoles.roleId))
    .where(and(eq(stationRoles.userId, userId), eq(stationRoles.stationId, stationId), eq(roles.enabled, true)));
  return row?.code ?? null;
}

/** True when the user's enabled station role at the station grants one of `perms`. */
export async function stationRoleGrants(
  db: Db,
  userId: number,
  stationId: number,
  perms: readonly string[],
): Promise<boolean> {
  const code = await stationRoleCodeAt(db, userId, stationId);
  if (!code) return false;
  const granted = new Set(await permsOf(db, [code]));
  return perms.some((p) => granted.has(p));
}

/**
 * True when the user's enabled role at SOME station grants one of `perms`: only then is a
 * call the global roles refuse worth parsing to learn its station. Everyone else is refused
 * before the body is read, so a caller without the permission learns nothing of the schema.
 */
export async function anyStationRoleGrants(db: Db, userId: number, perms: readonly string[]): Promise<boolean> {
  const codes = await db
    .selectDistinct({ code: roles.code })
    .from(stationRoles)
    .innerJoin(roles, eq(roles.id, stationRoles.roleId))
    .where(and(eq(stationRoles.userId, userId), eq(roles.enabled, true)));
  if (codes.length === 0) return false;
  const granted = new Set(
    await permsOf(
      db,
      codes.map((c) => c.code),
    ),
  );
  return perms.some((p) => granted.has(p));
}
