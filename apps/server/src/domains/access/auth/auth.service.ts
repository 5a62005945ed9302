import { randomBytes } from 'node:crypto';
import { type ControlPassword, checkPasswordLength, ResultCode } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { SessionsChange, TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import { sha256 } from '../../../lib/hash';
import { hashPassword, needsRehash } from '../../../lib/password';
import { passwordBusy } from '../../../lib/password-gate';
import type { ServerLoad } from '../../../lib/server-load';
import type { SessionUser } from '../../../lib/types';
import { writeLog } from '../../platform/logs';
import { findUserById, findUserByUsername, isPasswordHashShared, updatePasswordHash } from '../user';
import type { LoginGuard } from './login-guard';
import type { Sealed, SecretCipher } from './secret-cipher.service';
import {
  consumeScreenToken,
  deleteExpiredSessions,
  insertSession,
  revokeSession,
  revokeUserSessions,
  type SessionKind,
} from './session.repository';
import { DEFAULT_SESSION_CACHE, SessionCache, type SessionCacheLimits } from './session-cache';
import { type SessionReads, sessionReads } from './session-reads';

/** One-time large-screen tokens live this long: the window that gets one exchanges it at once. */
const BIG_TOKEN_TTL_MS = 60_000;
/** lastSeenAt is written at most this often per session, to keep reads cheap. */
const TOUCH_EVERY_MS = 30_000;

export type AuthConfig = {
  idleMs: number;
  maxMs: number;
  /** Automatic sign-in of the shared large-screen account (SCREEN_LOGIN). */
  screenLogin: boolean;
  /** Station codes the shared large-screen account sees; null: its whole scope (SCREEN_STATIONS). */
  screenStations: readonly string[] | null;
};
/** `signal`: aborts when the request goes away (a password check still waiting is dropped). */
export type Caller = { ip: string | null; userAgent?: string; signal?: AbortSignal };
export type Issued = { accessToken: string; expiresAt: number };
export type SessionOptions = {
  reads?: SessionReads;
  cache?: SessionCacheLimits;
  /** Whether the server keeps up (lib/server-load.ts): sign-ins wait while it is behind. */
  load?: Pick<ServerLoad, 'admit'>;
};

/** Which refusal of the password guard `err` is (logged as such), if it is one. */
const guardRefusal = (err: unknown): 'locked' | 'throttled' | null => {
  if (!(err instanceof AppError)) return null;
  if (err.code === ResultCode.ACCOUNT_LOCKED) return 'locked';
  return err.code === ResultCode.RATE_LIMITED ? 'throttled' : null;
};

const invalid = () => new AppError(401, ResultCode.SESSION_INVALID, 'sessionInvalid');
const expired = () => new AppError(401, ResultCode.SESSION_EXPIRED, 'sessionExpired');

/**
 * Sign-in, sessions and passwords. Resolved sessions are cached per token (session-cache.ts):
 * `sessionsChanged` on the bus — emitted by whatever revokes sessions or changes rights, here
 * or on another instance through the cluster relay — drops them.
 */
export class AuthService {
  private readonly cache: SessionCache;
  private readonly reads: SessionReads;
  private readonly load: SessionOptions['load'];

  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    private readonly guard: LoginGuard,
    private readonly config: AuthConfig,
    private readonly bus: TelemetryBus,
    options: SessionOptions = {},
  ) {
    this.cache = new SessionCache(options.cache ?? DEFAULT_SESSION_CACHE);
    this.reads = options.reads ?? sessionReads(db);
    this.load = options.load;
    bus.on('sessionsChanged', (c) => this.cache.apply(c));
  }

  /**
   * Announces revoked sessions or changed rights (after the database write): this instance's
   * cache drops them at once, and the cluster relay tells the others.
   */
  sessionsChanged(change: SessionsChange): void {
    this.bus.emit('sessionsChanged', change);
  }

  /** The login public key to seal with now, and for how long it is handed out. */
  publicKey(): Promise<{ publicKey: string; expiresInMs: number }> {
    return this.cipher.publicKey();
  }

  /** Opens a secret sealed like the login password (passwords set in user administration). */
  openSecret(sealed: Sealed): Promise<string> {
    return this.cipher.open(sealed);
  }

  async login(input: { username: string } & Sealed, caller: Caller): Promise<Issued> {
    // Over the rate the server takes newcomers at: this sign-in comes back later, before any
    // decryption, hash or write (nor logged: at a shift change that is one more write a refusal).
    const wait = this.load?.admit(performance.now()) ?? null;
    if (wait !== null) throw passwordBusy(wait);
    const started = Date.now();
    const username = input.username.trim();
    const password = await this.cipher.open(input);
    const log = (name: string, success: boolean, userId: number | null) =>
      writeLog(this.db, {
        name,
        userId,
        username,
        ip: caller.ip,
        method: 'POST',
        methodName: 'login',
        params: JSON.stringify({ username, type: 'pc' }),
        durationMs: Date.now() - started,
        success,
      });

    const user = await findUserByUsername(this.db, username);
    const attempt = { username, ip: caller.ip, userId: user?.id ?? null };
    let ok: boolean;
    try {
      // An unknown user is checked against a dummy hash through the same gate: same time, same 503.
      ok = await this.guard.checkPassword({
        attempt,
        password,
        stored: user?.passwordHash ?? null,
        use: 'signIn',
        signal: caller.signal,
      });
    } catch (err) {
      const refused = guardRefusal(err);
      if (refused) await log(`login.${refused}`, false, null);
      throw err;
    }
    if (!user || !ok) {
      await log('login.failure', false, user?.id ?? null);
      throw new AppError(400, ResultCode.BAD_CREDENTIALS, 'badCredentials');
    }
    if (!user.enabled) {
      await log('login.disabled', false, user.id);
      throw new AppError(403, ResultCode.ACCOUNT_DISABLED, 'accountDisabled');
    }
    // A hash of another kind or cost (scrypt of earlier versions, PASSWORD_ARGON2_* changed), or of accounts seeded by earlier
    // versions with one shared salt: the first good sign-in replaces it.
    if (needsRehash(user.passwordHash) || (await isPasswordHashShared(this.db, user.passwordHash))) {
      await updatePasswordHash(this.db, user.id, await hashPassword(password, caller.signal));
    }
    const issued = await this.issue(user.id, 'pc', caller);
    await log('login.success', true, user.id);
    return issued;
  }

  /** Periodic clean-up: retired login keys and used keys, old failures, ended sessions. */
  async purge(): Promise<void> {
    await this.cipher.purge();
    await this.guard.purge();
    await deleteExpiredSessions(this.db, new Date(Date.now() - 86_400_000));
  }

  /** Built-in read-only screen account for `from=screen|new-screen|common-screen`. */
  async screenLogin(from: string, caller: Caller): Promise<Issued> {
    if (!this.config.screenLogin) throw new AppError(403, ResultCode.FORBIDDEN, 'screenLoginOff');
    const user = await findUserByUsername(this.db, 'screen');
    if (!user?.enabled || !user.readOnly) throw new AppError(403, ResultCode.ACCOUNT_DISABLED, 'accountDisabled');
    const issued = await this.issue(user.id, 'screen', caller);
    await writeLog(this.db, {
      name: 'login.screen',
      userId: user.id,
      username: user.username,
      ip: caller.ip,
      method: 'POST',
      methodName: 'screenLogin',
      params: JSON.stringify({ from }),
    });
    return issued;
  }

  /**
   * A one-time token the caller hands to a large-screen window: it lives a minute, is stored
   * as its hash only, and opens one read-only screen window (`loginWithBigToken`).
   */
  async applyBigScreenToken(user: SessionUser, caller: Caller): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + BIG_TOKEN_TTL_MS);
    await insertSession(this.db, {
      tokenHash: sha256(token),
      userId: user.userId,
      kind: 'big-screen',
      expiresAt,
      ip: caller.ip,
    });
    return { token, expiresAt: expiresAt.getTime() };
  }

  /**
   * Exchanges a one-time large-screen token, once, for a screen window of the same user: a
   * session that reads what a screen shows (`access.screen`) and writes nothing.
   */
  async loginWithBigToken(bigToken: string, caller: Caller): Promise<Issued> {
    const userId = await consumeScreenToken(this.db, sha256(bigToken), new Date());
    const user = userId === null ? undefined : await findUserById(this.db, userId);
    if (!user) throw invalid();
    if (!user.enabled) throw new AppError(403, ResultCode.ACCOUNT_DISABLED, 'accountDisabled');
    const issued = await this.issue(user.id, 'screen-window', caller);
    await writeLog(this.db, {
      name: 'login.bigToken',
      userId: user.id,
      username: user.username,
      ip: caller.ip,
      method: 'POST',
      methodName: 'loginToCloud',
    });
    return issued;
  }

  private async issue(userId: number, kind: SessionKind, caller: Caller): Promise<Issued> {
    const accessToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.maxMs);
    await insertSession(this.db, { tokenHash: sha256(accessToken), userId, kind, expiresAt, ip: caller.ip });
    return { accessToken, expiresAt: expiresAt.getTime() };
  }

  /**
   * Resolves a bearer token to the caller, or throws 401001 (expired) / 401002 (invalid).
   * A cached session is served only while its own times say it is live; anything else (and
   * every refusal) is decided on the database rows, as without the cache.
   */
  async authenticate(token: string): Promise<SessionUser> {
    const hash = sha256(token);
    const now = Date.now();
    const hit = this.cache.get(hash, now);
    if (hit) {
      if (hit.expiresAt > now && hit.lastSeenAt + this.config.idleMs > now) {
        if (now - hit.lastSeenAt > TOUCH_EVERY_MS) {
          hit.lastSeenAt = now;
          await this.reads.touch(hit.user.sessionId, new Date(now)).catch((err: unknown) => {
            this.cache.delete(hash);
            throw err;
          });
        }
        return hit.user;
      }
      // Idle as far as this instance knows: another may have seen it since. The rows decide.
      this.cache.delete(hash);
    }
    const epoch = this.cache.epoch;
    const found = await this.reads.find(hash);
    if (!found || found.session.revokedAt || found.session.kind === 'big-screen' || !found.user.enabled) {
      throw invalid();
    }
    const { session, user } = found;
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + this.config.idleMs <= now) {
      throw expired();
    }
    // Windows opened before screen windows had their own kind were stored as `screen` of the
    // issuing (not demo) user: they are screen windows too.
    const screenWindow = session.kind === 'screen-window' || (session.kind === 'screen' && !user.demo);
    let lastSeenAt = session.lastSeenAt.getTime();
    if (now - lastSeenAt > TOUCH_EVERY_MS) {
      await this.reads.touch(session.id, new Date(now));
      lastSeenAt = now;
    }
    const roles = await this.reads.roleCodes(user.id);
    const perms = await this.reads.perms(roles);
    // Shared by every request of the session while cached: frozen so no handler changes it for the next.
    const caller: SessionUser = Object.freeze({
      userId: user.id,
      username: user.username,
      deptId: user.deptId,
      roles: Object.freeze(roles) as string[],
      perms: new Set(perms),
      isAdmin: roles.includes('admin'),
      readOnly: user.readOnly || screenWindow,
      groupWide: user.groupWide,
      demo: user.demo,
      sessionKind: session.kind === 'screen' || screenWindow ? 'screen' : 'pc',
      screenOnly: screenWindow,
      sessionId: session.id,
      stationCodes: user.demo ? this.config.screenStations : null,
    });
    this.cache.set(hash, { user: caller, expiresAt: session.expiresAt.getTime(), lastSeenAt, loadedAt: now }, epoch);
    return caller;
  }

  /** True while the token names a live session (never throws). */
  async isValid(token: string | null): Promise<boolean> {
    if (!token) return false;
    try {
      await this.authenticate(token);
      return true;
    } catch {
      return false;
    }
  }

  async logout(user: SessionUser, caller: Caller): Promise<void> {
    await revokeSession(this.db, user.sessionId);
    this.sessionsChanged({ userId: user.userId });
    await writeLog(this.db, {
      name: 'logout',
      userId: user.userId,
      username: user.username,
      ip: caller.ip,
      method: 'GET',
      methodName: 'logout',
    });
  }

  /**
   * A control action's re-entered password (sealed as at sign-in). Checked by the sign-in's
   * guard: wrong answers count against the account from that address, so an open session
   * cannot guess it.
   */
  async confirmPassword(user: SessionUser, sealed: ControlPassword, caller: Caller): Promise<void> {
    const password = await this.cipher.open({ cipher: sealed.password, aesKey: sealed.aesKey, iv: sealed.iv });
    if (!(await this.reentered(user, password, caller))) {
      throw new AppError(400, ResultCode.BAD_CREDENTIALS, 'controlPasswordWrong');
    }
  }

  /** A signed-in user's password, checked through the guard like a sign-in from `caller.ip`. */
  private async reentered(user: SessionUser, password: string, caller: Caller): Promise<boolean> {
    const row = await findUserById(this.db, user.userId);
    return this.guard.checkPassword({
      attempt: { username: user.username, ip: caller.ip, userId: user.userId },
      password,
      stored: row?.passwordHash ?? null,
      use: 'reentry',
      signal: caller.signal,
    });
  }

  async changePassword(user: SessionUser, oldSealed: Sealed, newSealed: Sealed, caller: Caller): Promise<void> {
    const started = Date.now();
    const oldPwd = await this.cipher.open(oldSealed);
    const newPwd = await this.cipher.open(newSealed);
    if (checkPasswordLength(oldPwd) || checkPasswordLength(newPwd)) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'passwordLength');
    }
    const log = (success: boolean, name = success ? 'password.change' : 'password.change.failure') =>
      writeLog(this.db, {
        name,
        userId: user.userId,
        username: user.username,
        ip: caller.ip,
        method: 'PUT',
        methodName: 'pwd',
        durationMs: Date.now() - started,
        success,
      });
    let ok: boolean;
    try {
      ok = await this.reentered(user, oldPwd, caller);
    } catch (err) {
      const refused = guardRefusal(err);
      if (refused) await log(false, `password.change.${refused}`);
      throw err;
    }
    if (!ok) {
      await log(false);
      throw new AppError(400, ResultCode.BAD_CREDENTIALS, 'oldPasswordWrong');
    }
    if (oldPwd === newPwd) throw new AppError(400, ResultCode.BAD_REQUEST, 'passwordSame');
    await updatePasswordHash(this.db, user.userId, await hashPassword(newPwd, caller.signal));
    await revokeUserSessions(this.db, user.userId);
    this.sessionsChanged({ userId: user.userId });
    await log(true);
  }
}
