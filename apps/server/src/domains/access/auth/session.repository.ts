import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions, users } from '../../../db/schema';

export type SessionKind = (typeof sessions.$inferInsert)['kind'];

export async function insertSession(
  db: Db,
  s: { tokenHash: string; userId: number; kind: SessionKind; expiresAt: Date; ip: string | null },
): Promise<number> {
  const [row] = await db.insert(sessions).values(s).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return rows[0];
}

/**
 * Uses a one-time large-screen token: revokes it if still live at `now`, in one statement, so
 * parallel exchanges of one token find it live once. The user it was issued to, or null.
 */
export async function consumeScreenToken(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.kind, 'big-screen'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

export async function touchSession(db: Db, id: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function deleteExpiredSessions(db: Db, before: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, before));
}

export async function countActiveSessions(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row?.n ?? 0;
}
