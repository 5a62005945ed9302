import { randomBytes } from 'node:crypto';
import { type ControlPassword, checkPasswordLength, ResultCode } from '@ess/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/hash';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import type { SessionUser } from '../../lib/types';
import { writeLog } from '../logs/operation-log.repository';
import {
  findUserById,
  findUserByUsername,
  isPasswordHashShared,
  permsOf,
  roleCodesOf,
  updatePasswordHash,
} from '../user/user.repository';
import type { LoginGuard } from './login-guard';
import type { Sealed, SecretCipher } from './secret-cipher.service';
import {
  deleteExpiredSessions,
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  revokeUserSessions,
  type SessionKind,
  touchSession,
} from './session.repository';

/** One-time large-screen tokens live this long before they must be exchanged. */
const BIG_TOKEN_TTL_MS = 5 * 60 * 1000;
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
export type Caller = { ip: string | null; userAgent?: string };
export type Issued = { accessToken: string; expiresAt: number };

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    private readonly guard: LoginGuard,
    private readonly config: AuthConfig,
  ) {}

  /** The login public key to seal with now, and for how long it is handed out. */
  publicKey(): Promise<{ publicKey: string; expiresInMs: number }> {
    return this.cipher.publicKey();
  }

  /** Opens a secret sealed like the login password (passwords set in user administration). */
  openSecret(sealed: Sealed): Promise<string> {
    return this.cipher.open(sealed);
  }

  async login(input: { username: string } & Sealed, caller: Caller): Promise<Issued> {
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
    try {
      await this.guard.admit(attempt);
    } catch (err) {
      const locked = err instanceof AppError && err.code === ResultCode.ACCOUNT_LOCKED;
      await log(locked ? 'login.locked' : 'login.throttled', false, null);
      throw err;
    }
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !ok) {
      await this.guard.failed(attempt);
      await log('login.failure', false, user?.id ?? null);
      throw new AppError(400, ResultCode.BAD_CREDENTIALS, 'badCredentials');
    }
    if (!user.enabled) {
      await log('login.disabled', false, user.id);
      throw new AppError(403, ResultCode.ACCOUNT_DISABLED, 'accountDisabled');
    }
    await this.guard.succeeded({ ...attempt, userId: user.id });
    // Accounts seeded by earlier versions shared one salt; the first sign-in gives each its own.
    if (await isPasswordHashShared(this.db, user.passwordHash)) {
      await updatePasswordHash(this.db, user.id, await hashPassword(password));
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

  /** A one-time token the caller hands to a large-screen window. */
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

  /** Exchanges a one-time large-screen token for a session of the same user. */
  async loginWithBigToken(bigToken: string, caller: Caller): Promise<Issued> {
    const found = await findSessionByTokenHash(this.db, sha256(bigToken));
    const now = Date.now();
    const usable =
      found?.session.kind === 'big-screen' && !found.session.revokedAt && found.session.expiresAt.getTime() >= now;
    if (!found || !usable) {
      throw new AppError(401, ResultCode.SESSION_INVALID, 'sessionInvalid');
    }
    await revokeSession(this.db, found.session.id);
    if (!found.user.enabled) throw new AppError(403, ResultCode.ACCOUNT_DISABLED, 'accountDisabled');
    const issued = await this.issue(found.user.id, 'screen', caller);
    await writeLog(this.db, {
      name: 'login.bigToken',
      userId: found.user.id,
      username: found.user.username,
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

  /** Resolves a bearer token to the caller, or throws 401001 (expired) / 401002 (invalid). */
  async authenticate(token: string): Promise<SessionUser> {
    const found = await findSessionByTokenHash(this.db, sha256(token));
    if (!found || found.session.revokedAt || found.session.kind === 'big-screen' || !found.user.enabled) {
      throw new AppError(401, ResultCode.SESSION_INVALID, 'sessionInvalid');
    }
    const now = Date.now();
    const { session, user } = found;
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + this.config.idleMs <= now) {
      throw new AppError(401, ResultCode.SESSION_EXPIRED, 'sessionExpired');
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(this.db, session.id, new Date(now));
    const roles = await roleCodesOf(this.db, user.id);
    const perms = await permsOf(this.db, roles);
    return {
      userId: user.id,
      username: user.username,
      deptId: user.deptId,
      roles,
      perms: new Set(perms),
      isAdmin: roles.includes('admin'),
      readOnly: user.readOnly,
      groupWide: user.groupWide,
      demo: user.demo,
      sessionKind: session.kind === 'screen' ? 'screen' : 'pc',
      sessionId: session.id,
      stationCodes: user.demo ? this.config.screenStations : null,
    };
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
   * A control action's re-entered password (sealed as at sign-in). Wrong answers count like
   * failed sign-ins of the account from that address, so it cannot be guessed from an open session.
   */
  async confirmPassword(user: SessionUser, sealed: ControlPassword, caller: Caller): Promise<void> {
    const password = await this.cipher.open({ cipher: sealed.password, aesKey: sealed.aesKey, iv: sealed.iv });
    const attempt = { username: user.username, ip: caller.ip, userId: user.userId };
    await this.guard.admit(attempt);
    const row = await findUserById(this.db, user.userId);
    if (!row || !(await verifyPassword(password, row.passwordHash))) {
      await this.guard.failed(attempt);
      throw new AppError(400, ResultCode.BAD_CREDENTIALS, 'controlPasswordWrong');
    }
  }

  async changePassword(user: SessionUser, oldSealed: Sealed, newSealed: Sealed, caller: Caller): Promise<void> {
    const started = Date.now();
    const oldPwd = await this.cipher.open(oldSealed);
    const newPwd = await this.cipher.open(newSealed);
    if (checkPasswordLength(oldPwd) || checkPasswordLength(newPwd)) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'passwordLength');
    }
    const row = await findUserById(this.db, user.userId);
    const log = (success: boolean) =>
      writeLog(this.db, {
        name: success ? 'password.change' : 'password.change.failure',
        userId: user.userId,
        username: user.username,
        ip: caller.ip,
        method: 'PUT',
        methodName: 'pwd',
        durationMs: Date.now() - started,
        success,
      });
    if (!row || !(await verifyPassword(oldPwd, row.passwordHash))) {
      await log(false);
      throw new AppError(400, ResultCode.BAD_CREDENTIALS, 'oldPasswordWrong');
    }
    if (oldPwd === newPwd) throw new AppError(400, ResultCode.BAD_REQUEST, 'passwordSame');
    await updatePasswordHash(this.db, user.userId, await hashPassword(newPwd));
    await revokeUserSessions(this.db, user.userId);
    await log(true);
  }
}
