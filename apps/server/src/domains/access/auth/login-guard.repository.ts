import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loginSources, loginThrottle, passwordAttempts } from '../../../db/schema';
import { queryRows, tstz } from '../../stations/device';

/** The key column of an attempt's source address: '' when it is unknown. */
const ipKey = (ip: string | null) => ip ?? '';
const sameSource = (username: string, ip: string | null) =>
  and(eq(passwordAttempts.username, username), eq(passwordAttempts.ip, ipKey(ip)));

/**
 * Reserves one password check of the account from the address in one statement: counts it
 * while the window (`windowMs` from its first attempt) holds fewer than `limit`, or starts a
 * new window once it has passed. Concurrent reservations — on any instance — queue on the row,
 * so no more than `limit` are ever granted. False when refused (the address is locked out).
 */
export async function reserveAttempt(
  db: Db,
  username: string,
  ip: string | null,
  now: number,
  window: { limit: number; windowMs: number },
): Promise<boolean> {
  const over = sql`a.since <= ${tstz(now - window.windowMs)}`;
  const rows = await queryRows<{ attempts: number }>(
    db,
    sql`insert into sys_password_attempt as a (username, ip, attempts, since)
        values (${username}, ${ipKey(ip)}, 1, ${tstz(now)})
        on conflict (username, ip) do update
          set attempts = case when ${over} then 1 else a.attempts + 1 end,
              since = case when ${over} then ${tstz(now)} else a.since end
          where ${over} or a.attempts < ${window.limit}
        returning a.attempts`,
  );
  return rows.length > 0;
}

/** Gives back a reservation whose password was never checked (server busy, caller gone). */
export async function releaseAttempt(db: Db, username: string, ip: string | null): Promise<void> {
  await db
    .update(passwordAttempts)
    .set({ attempts: sql`${passwordAttempts.attempts} - 1` })
    .where(and(sameSource(username, ip), gt(passwordAttempts.attempts, 0)));
}

/** When the window of the account's attempts from the address began; null without one. */
export async function attemptsSince(db: Db, username: string, ip: string | null): Promise<Date | null> {
  const [row] = await db
    .select({ since: passwordAttempts.since })
    .from(passwordAttempts)
    .where(sameSource(username, ip));
  return row?.since ?? null;
}

export async function clearAttempts(db: Db, username: string, ip: string | null): Promise<void> {
  await db.delete(passwordAttempts).where(sameSource(username, ip));
}

export async function isKnownSource(db: Db, userId: number, ip: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: loginSources.userId })
    .from(loginSources)
    .where(and(eq(loginSources.userId, userId), eq(loginSources.ip, ip), gt(loginSources.lastSuccess, since)));
  return rows.length > 0;
}

export async function rememberSource(db: Db, userId: number, ip: string, at: Date): Promise<void> {
  await db
    .insert(loginSources)
    .values({ userId, ip, lastSuccess: at })
    .onConflictDoUpdate({ target: [loginSources.userId, loginSources.ip], set: { lastSuccess: at } });
}

/**
 * Takes one attempt from the account's token bucket in one statement (so parallel attempts
 * cannot all pass); null when it is empty, else the tokens left.
 */
export async function takeAttempt(
  db: Db,
  username: string,
  now: number,
  bucket: { size: number; refillMs: number },
): Promise<number | null> {
  const filled = sql`least(${bucket.size}::float8, t.tokens + greatest(0, date_part('epoch', ${tstz(now)} - t.at) * 1000) / ${bucket.refillMs}::float8)`;
  const rows = await queryRows<{ tokens: number }>(
    db,
    sql`insert into sys_login_throttle as t (username, tokens, at)
        values (${username}, ${bucket.size - 1}::float8, ${tstz(now)})
        on conflict (username) do update set tokens = ${filled} - 1, at = ${tstz(now)}
        where ${filled} >= 1
        returning t.tokens::float8 as tokens`,
  );
  return rows[0]?.tokens ?? null;
}

/** Milliseconds until the account's bucket holds one attempt again. */
export async function attemptWaitMs(
  db: Db,
  username: string,
  now: number,
  bucket: { size: number; refillMs: number },
): Promise<number> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.username, username));
  if (!row) return 0;
  const filled = Math.min(bucket.size, row.tokens + Math.max(0, now - row.at.getTime()) / bucket.refillMs);
  return Math.max(0, Math.ceil((1 - filled) * bucket.refillMs));
}

/** Deletes attempt and throttle rows older than `before`, and sources unused since `sourcesBefore`. */
export async function purgeLoginGuard(db: Db, before: Date, sourcesBefore: Date): Promise<void> {
  await db.delete(passwordAttempts).where(lt(passwordAttempts.since, before));
  await db.delete(loginThrottle).where(lt(loginThrottle.at, before));
  await db.delete(loginSources).where(lt(loginSources.lastSuccess, sourcesBefore));
}
