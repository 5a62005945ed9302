import { ResultCode } from '@ess/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  addLoginFailure,
  attemptWaitMs,
  clearFailuresFrom,
  failuresFrom,
  isKnownSource,
  purgeLoginGuard,
  rememberSource,
  takeAttempt,
} from './login-guard.repository';
import type { Clock } from './login-keys';

/** Ten failures of one account from one address within 15 minutes lock that address out of it. */
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

/** Brute-force defence of the sign-in form: per account and address, and per account. */
export class LoginGuard {
  constructor(
    private readonly db: Db,
    private readonly now: Clock = Date.now,
  ) {}

  /**
   * Throws 429 when the password may not be checked now: 429101 for an address locked out of
   * the account, 429 when the account's bucket for unknown addresses is empty.
   */
  async admit(a: LoginAttempt): Promise<void> {
    const now = this.now();
    const failures = await failuresFrom(this.db, a.username, a.ip, new Date(now - LOCK_WINDOW_MS));
    if (failures.n >= LOCK_FAILURES && failures.first) {
      const until = failures.first.getTime() + LOCK_WINDOW_MS;
      throw new AppError(429, ResultCode.ACCOUNT_LOCKED, 'accountLocked', {
        minutes: Math.max(1, Math.ceil((until - now) / 60_000)),
      });
    }
    const known =
      a.userId !== null &&
      a.ip !== null &&
      (await isKnownSource(this.db, a.userId, a.ip, new Date(now - KNOWN_SOURCE_MS)));
    if (known) return;
    if ((await takeAttempt(this.db, a.username, now, ACCOUNT_BUCKET)) === null) {
      const waitMs = await attemptWaitMs(this.db, a.username, now, ACCOUNT_BUCKET);
      throw new AppError(429, ResultCode.RATE_LIMITED, 'loginThrottled', {
        seconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
  }

  async failed(a: LoginAttempt): Promise<void> {
    await addLoginFailure(this.db, a.username, a.ip, new Date(this.now()));
  }

  async succeeded(a: LoginAttempt & { userId: number }): Promise<void> {
    await clearFailuresFrom(this.db, a.username, a.ip);
    if (a.ip !== null) await rememberSource(this.db, a.userId, a.ip, new Date(this.now()));
  }

  async purge(): Promise<void> {
    const now = this.now();
    await purgeLoginGuard(this.db, new Date(now - 3_600_000), new Date(now - KNOWN_SOURCE_MS));
  }
}
