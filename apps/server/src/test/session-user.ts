import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from '../lib/types';

/** A caller as the auth plugin builds it from the stored user (its role named after it, no permissions). */
export async function storedSessionUser(db: Db, username: string): Promise<SessionUser> {
  const [u] = await db.select().from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return {
    userId: u.id,
    username,
    deptId: u.deptId,
    roles: [username],
    perms: new Set(),
    isAdmin: false,
    readOnly: u.readOnly,
    groupWide: u.groupWide,
    demo: u.demo,
    sessionKind: 'pc',
    sessionId: 0,
    stationCodes: null,
  };
}
