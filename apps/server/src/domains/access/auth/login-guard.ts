import { ResultCode } from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { verifyPassword } from '../../../lib/password';
import {
  attemptsSince,
  attemptWaitMs,
  clearAttempts,
  isKnownSource,
  purgeLoginGuard,
  releaseAttempt,
  rememberSource,
  reserveAttempt,
  takeAttempt,
} from './login-guard.repository';
import type { Clock } from './login-keys';

/**
 * Ten wrong passwords for one account from one address within 15 minutes (from the first) lock
 * that address out of it: no password of the account is checked from there until they end.
 */
export const LOCK_FAILURES = 10;
export const LOCK_WINDOW_MS = 15 * 60_000;
/**
 * Attempts on one account from addresses it never signed in from share a bucket of 20,
 * refilled by one every 45 s: at most 100 guesses an hour however many addresses an
 * attacker has (ASVS 2.2.1), while the owner is slowed, never locked, and not at all from
 * an address they signed in from.
 */
export const ACCOUNT_BUCKET = { size: 20, refillMs: 45_000 } as const;
/** An address counts as the owner's for this long after a sign-in from it. */
export const KNOWN_SOURCE_MS = 30 * 86_400_000;

export type LoginAttempt = { username: string; ip: string | null; userId: number | null };

/**
 * One password to check: `stored` is the account's hash, null when there is no such account
 * (checked against a dummy hash at the same cost). `use` picks the refusal's words: the sign-in
 * form's, or those of a signed-in user re-entering their password (control, password change).
 */
export type PasswordCheck = {
  attempt: LoginAttempt;
  password: string;
  stored: string | null;
  use: 'signIn' | 'reentry';
  /** Aborts when the request goes away: a check still waiting for its turn is dropped. */
  signal?: AbortSignal;
};

const REFUSALS = {
  signIn: { locked: 'accountLocked', throttled: 'loginThrottled' },
  reentry: { locked: 'passwordChecksLocked', throttled: 'passwordChecksThrottled' },
} as const;

/**
 * Brute-force defence of every password check — sign-in, control re-entry, password change and
 * any later one: per account and address, and per account. The only caller of verifyPassword
 * (password-guard.test.ts fails if another module calls it).
 */
export class LoginGuard {
  constructor(
    private readonly db: Db,
    private readonly now: Clock = Date.now,
  ) {}

  /**
   * Checks a password once the guard admits it; throws 429 when it may not be checked now:
   * 429101 for an address locked out of the account, 429 when the account's bucket for unknown
   * addresses is empty. A wrong password keeps its reserved attempt; a right one clears the
   * account's attempts from the address and makes the address known.
   */
  async checkPassword(c: PasswordCheck): Promise<boolean> {
    const { attempt: a } = c;
    await this.admit(a, REFUSALS[c.use]);
    let ok: boolean;
    try {
      ok = await verifyPassword(c.password, c.stored, c.signal);
    } catch (err) {
      // Not checked (server busy, caller gone): the attempt is given back.
      await releaseAttempt(this.db, a.username, a.ip);
      throw err;
    }
    if (ok && a.userId !== null) await this.succeeded({ ...a, userId: a.userId });
    return ok;
  }

  /**
   * Reserves the attempt before anything is checked (one statement, so parallel attempts on
   * any instance never pass the limit), then takes from the account's bucket unless the
   * address is one the account signed in from.
   */
  private async admit(a: LoginAttempt, refusal: (typeof REFUSALS)[keyof typeof REFUSALS]): Promise<void> {
    const now = this.now();
    if (!(await reserveAttempt(this.db, a.username, a.ip, now, { limit: LOCK_FAILURES, windowMs: LOCK_WINDOW_MS }))) {
      const since = (await attemptsSince(this.db, a.username, a.ip))?.getTime() ?? now;
      // A parallel attempt may have opened the window after `now` was read: count from the
      // time now, and never more than the window.
      const left = since + LOCK_WINDOW_MS - Math.max(now, this.now(), since);
      throw new AppError(429, ResultCode.ACCOUNT_LOCKED, refusal.locked, {
        minutes: Math.max(1, Math.ceil(left / 60_000)),
      });
    }
    const known =
      a.userId !== null &&
      a.ip !== null &&
      (await isKnownSource(this.db, a.userId, a.ip, new Date(now - KNOWN_SOURCE_MS)));
    if (known) return;
    if ((await takeAttempt(this.db, a.username, now, ACCOUNT_BUCKET)) === null) {
      await releaseAttempt(this.db, a.username, a.ip);
      const waitMs = await attemptWaitMs(this.db, a.username, now, ACCOUNT_BUCKET);
      throw new AppError(429, ResultCode.RATE_LIMITED, refusal.throttled, {
        seconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
  }

  private async succeeded(a: LoginAttempt & { userId: number }): Promise<void> {
    await clearAttempts(this.db, a.username, a.ip);
    if (a.ip !== null) await rememberSource(this.db, a.userId, a.ip, new Date(this.now()));
  }

  async purge(): Promise<void> {
    const now = this.now();
    await purgeLoginGuard(this.db, new Date(now - 3_600_000), new Date(now - KNOWN_SOURCE_MS));
  }
}
