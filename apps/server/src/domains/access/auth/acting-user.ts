import type { Db } from '../../../db/client';
import type { SessionUser } from '../../../lib/types';
import { findUserById, permsOf, roleCodesOf } from '../user';

/**
 * The caller a scheduled job acts as on a user's behalf (a report subscription): the user's
 * rights and station scope as they are now, without a session. Null for a user who is gone,
 * disabled, read-only by a screen or the shared demo account: their jobs do not run.
 */
export async function actingUser(db: Db, userId: number): Promise<SessionUser | null> {
  const user = await findUserById(db, userId);
  if (!user?.enabled || user.demo) return null;
  const roles = await roleCodesOf(db, user.id);
  return Object.freeze({
    userId: user.id,
    username: user.username,
    deptId: user.deptId,
    roles,
    perms: new Set(await permsOf(db, roles)),
    isAdmin: roles.includes('admin'),
    readOnly: user.readOnly,
    groupWide: user.groupWide,
    demo: false,
    sessionKind: 'pc',
    screenOnly: false,
    sessionId: 0,
    stationCodes: null,
  });
}
