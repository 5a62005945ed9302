import {
  ADMIN_ROLE_CODE,
  BUILTIN_ADMIN_USERNAME,
  checkPasswordLength,
  ResultCode,
  type SysUserRow,
  type UserAddBody,
  type UserOptions,
  type UserPageBody,
  type UserUpdateBody,
  userProblem,
} from '@ess/contract';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import type { SessionUser } from '../../lib/types';
import type { Sealed } from '../auth/secret-cipher.service';
import { revokeUserSessions } from '../auth/session.repository';
import { stationIdsInScope, stationsInScope } from '../station/station-scope.service';
import type { SessionsChange } from '../telemetry/telemetry-bus';
import { updatePasswordHash } from './user.repository';
import {
  deleteUser,
  existingIds,
  findAdminUser,
  formChoices,
  insertUser,
  roleCodesById,
  setUserEnabled,
  type UserFields,
  updateUser,
  usernameTaken,
  userPage,
} from './user-admin.repository';

/** Server keys of the spec 5 field messages `userProblem` names (the form's `validation.*`). */
const FIELD_KEYS: Record<string, MessageKey> = {
  'validation.phoneEmpty': 'phoneEmpty',
  'validation.phoneLength': 'phoneLength',
  'validation.phoneFormat': 'phoneFormat',
  'validation.emailFormat': 'emailFormat',
};

const refused = (key: MessageKey, status = 400, params?: Record<string, string | number>) =>
  new AppError(status, status === 409 ? ResultCode.CONFLICT : ResultCode.BAD_REQUEST, key, params);

/** Opens a password sealed like the login password. */
export type OpenSecret = (sealed: Sealed) => Promise<string>;
/** Tells the session caches (of every instance) that a user's sessions or rights changed. */
export type SessionsChanged = (change: SessionsChange) => void;

/**
 * User administration (/system/user). Passwords arrive sealed and are stored as scrypt hashes.
 * Nobody deletes or disables themself; the built-in admin is never deleted, disabled or
 * stripped of the admin role; only admins grant the admin role or change its holders.
 * Disabling a user or setting their password ends their sessions at once; any change of a
 * user (roles, organisation, enabled) or their removal drops their cached sessions.
 */
export class UserAdminService {
  constructor(
    private readonly db: Db,
    private readonly openSecret: OpenSecret,
    private readonly sessionsChanged: SessionsChanged,
  ) {}

  page(b: UserPageBody): Promise<{ rows: SysUserRow[]; total: number }> {
    return userPage(this.db, b, BUILTIN_ADMIN_USERNAME);
  }

  async detail(id: number): Promise<SysUserRow> {
    return this.find(id);
  }

  async options(caller: SessionUser): Promise<UserOptions> {
    const [choices, stations] = await Promise.all([formChoices(this.db), stationsInScope(this.db, caller)]);
    return { ...choices, stations: stations.map((s) => ({ id: s.id, name: s.name, orgId: s.orgId })) };
  }

  async add(caller: SessionUser, b: UserAddBody): Promise<{ id: number }> {
    const password = await this.password(b.password);
    const fields = await this.checked(caller, b, []);
    if (await usernameTaken(this.db, b.username)) throw refused('usernameTaken', 409, { username: b.username });
    const id = await insertUser(
      this.db,
      { ...fields, username: b.username, passwordHash: await hashPassword(password) },
      unique(b.roleIds),
      unique(b.stationIds),
    );
    if (id === null) throw refused('usernameTaken', 409, { username: b.username });
    return { id };
  }

  async update(caller: SessionUser, b: UserUpdateBody): Promise<null> {
    const current = await this.find(b.id);
    await this.guardTarget(caller, current);
    if (!b.enabled) this.guardDisable(caller, current);
    const fields = await this.checked(caller, b, current.stationIds);
    if (current.builtin && !(await roleCodesById(this.db, b.roleIds)).includes(ADMIN_ROLE_CODE)) {
      throw refused('userBuiltinAdmin');
    }
    await updateUser(this.db, b.id, fields, unique(b.roleIds), unique(b.stationIds));
    if (!b.enabled) await revokeUserSessions(this.db, b.id);
    this.sessionsChanged({ userId: b.id });
    return null;
  }

  async setEnabled(caller: SessionUser, id: number, enabled: boolean): Promise<null> {
    const current = await this.find(id);
    await this.guardTarget(caller, current);
    if (!enabled) this.guardDisable(caller, current);
    await setUserEnabled(this.db, id, enabled);
    // authenticate() also refuses a disabled user; revoking makes the end final.
    if (!enabled) await revokeUserSessions(this.db, id);
    this.sessionsChanged({ userId: id });
    return null;
  }

  async resetPassword(caller: SessionUser, id: number, sealed: Sealed): Promise<null> {
    const password = await this.password(sealed);
    const current = await this.find(id);
    await this.guardTarget(caller, current);
    await updatePasswordHash(this.db, id, await hashPassword(password));
    await revokeUserSessions(this.db, id);
    this.sessionsChanged({ userId: id });
    return null;
  }

  async remove(caller: SessionUser, id: number): Promise<null> {
    const current = await this.find(id);
    if (current.id === caller.userId) throw refused('userSelfDelete');
    if (current.builtin) throw refused('userBuiltinAdmin');
    await this.guardTarget(caller, current);
    await deleteUser(this.db, id);
    this.sessionsChanged({ userId: id });
    return null;
  }

  private async find(id: number): Promise<SysUserRow> {
    const row = await findAdminUser(this.db, id, BUILTIN_ADMIN_USERNAME);
    if (!row) throw notFound('userNotFound');
    return row;
  }

  private async password(sealed: Sealed): Promise<string> {
    const password = await this.openSecret(sealed);
    if (checkPasswordLength(password)) throw refused('passwordLength');
    return password;
  }

  /** Only admins change a user who holds the admin role. */
  private async guardTarget(caller: SessionUser, target: SysUserRow): Promise<void> {
    if (caller.isAdmin) return;
    if ((await roleCodesById(this.db, target.roleIds)).includes(ADMIN_ROLE_CODE)) throw refused('adminOnly', 403);
  }

  private guardDisable(caller: SessionUser, target: SysUserRow): void {
    if (target.id === caller.userId) throw refused('userSelfDisable');
    if (target.builtin) throw refused('userBuiltinAdmin');
  }

  /**
   * The field rules of spec 5 (the form's messages), then the references: organisation, post
   * and roles must exist (only admins grant the admin role), and new station grants must lie in
   * the caller's scope (`kept`: grants the user already has stay, seen or not).
   */
  private async checked(
    caller: SessionUser,
    b: Omit<UserUpdateBody, 'id'>,
    kept: readonly number[],
  ): Promise<UserFields> {
    const problem = userProblem(b);
    if (problem) throw refused(FIELD_KEYS[problem] ?? 'badRequest', 400, { detail: problem });
    if (b.deptId != null && !(await existingIds(this.db, 'org', [b.deptId])).has(b.deptId)) {
      throw notFound('userOrgNotFound');
    }
    if (b.postId != null && !(await existingIds(this.db, 'post', [b.postId])).has(b.postId)) {
      throw notFound('userPostNotFound');
    }
    const roleIds = unique(b.roleIds);
    if ((await existingIds(this.db, 'role', roleIds)).size !== roleIds.length) throw notFound('roleNotFound');
    if (!caller.isAdmin && (await roleCodesById(this.db, roleIds)).includes(ADMIN_ROLE_CODE)) {
      throw refused('adminOnly', 403);
    }
    const added = unique(b.stationIds).filter((s) => !kept.includes(s));
    if (added.length) {
      const scope = new Set(await stationIdsInScope(this.db, caller));
      if (added.some((s) => !scope.has(s))) throw notFound('stationNotFound');
    }
    return {
      realName: b.realName,
      nickname: b.nickname || null,
      phone: b.phone,
      email: b.email || null,
      sex: b.sex ?? null,
      deptId: b.deptId ?? null,
      postId: b.postId ?? null,
      enabled: b.enabled,
    };
  }
}

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];
