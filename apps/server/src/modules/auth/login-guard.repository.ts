import { and, count, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, loginSources, loginThrottle } from '../../db/schema';
import { queryRows, tstz } from '../device/query-rows';

const sameIp = (ip: string | null) => (ip === null ? isNull(loginFailures.ip) : eq(loginFailures.ip, ip));

export async function addLoginFailure(db: Db, username: string, ip: string | null, at: Date): Promise<void> {
  await db.insert(loginFailures).values({ username, ip, at });
}

/** Failures of one account from one address since `since`, and the first of them. */
export async function failuresFrom(
  db: Db,
  username: string,
  ip: string | null,
  since: Date,
): Promise<{ n: number; first: Date | null }> {
  const [row] = await db
    .select({ n: count(), first: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), sameIp(ip), gt(loginFailures.at, since)));
  return { n: row?.n ?? 0, first: row?.first ?? null };
}

export async function clearFailuresFrom(db: Db, username: string, ip: string | null): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.username, username), sameIp(ip)));
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

/** Deletes failures and throttle rows older than `before`, and sources unused since `sourcesBefore`. */
export async function purgeLoginGuard(db: Db, before: Date, sourcesBefore: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
  await db.delete(loginThrottle).where(lt(loginThrottle.at, before));
  await db.delete(loginSources).where(lt(loginSources.lastSuccess, sourcesBefore));
}
