import {
  ADMIN_ROLE_CODE,
  BUILTIN_ADMIN_USERNAME,
  checkPasswordLength,
  type Lang,
  type SysUserRow,
  type UserAddBody,
  type UserOptions,
  type UserPageBody,
  type UserUpdateBody,
  userProblem,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { stationsInScope } from '../../../kernel/station-scope.service';
import type { SessionsChange } from '../../../kernel/telemetry-bus';
import { notFound, refusal as refused } from '../../../lib/app-error';
import { hashPassword } from '../../../lib/password';
import type { SessionUser } from '../../../lib/types';
import type { Sealed } from '../auth';
import { revokeUserSessions } from '../auth';
import { GrantGuard, type GrantReach, grantRefused, orgPlaceable, roleGrantProblem } from '../grants';
import { updatePasswordHash } from './user.repository';
import {
  deleteUser,
  existingIds,
  findAdminUser,
  formChoices,
  insertUser,
  roleCodesById,
  type StoredUser,
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

/** Opens a password sealed like the login password. */
export type OpenSecret = (sealed: Sealed) => Promise<string>;
/** Tells the session caches (of every instance) that a user's sessions or rights changed. */
export type SessionsChanged = (change: SessionsChange) => void;

/**
 * User administration (/system/user). Passwords arrive sealed and are stored as Argon2id hashes.
 * Nobody deletes or disables themself, sets their own password here (change password asks for
 * the current one) or changes their own roles, organisation or station grants; the built-in
 * admin is never deleted, disabled or stripped of the admin role. Who is not an administrator
 * sees the users of their data scope and changes only those whose every right lies within
 * their own, granting only what they hold (domains/access/grants). Disabling a user or setting their
 * password ends their sessions at once; any change of a user (roles, organisation, enabled) or
 * their removal drops their cached sessions.
 */
export class UserAdminService {
  private readonly guard: GrantGuard;

  constructor(
    private readonly db: Db,
    private readonly openSecret: OpenSecret,
    private readonly sessionsChanged: SessionsChanged,
  ) {
    this.guard = new GrantGuard(db);
  }

  async page(caller: SessionUser, b: UserPageBody, lang: Lang): Promise<{ rows: SysUserRow[]; total: number }> {
    const reach = await this.guard.reach(caller);
    const page = await userPage(this.db, b, BUILTIN_ADMIN_USERNAME, visibleOrgs(reach), lang);
    return { ...page, rows: await this.marked(reach, page.rows) };
  }

  async detail(caller: SessionUser, id: number, lang: Lang): Promise<SysUserRow> {
    const reach = await this.guard.reach(caller);
    const [row] = await this.marked(reach, [await this.find(reach, id, lang)]);
    if (!row) throw notFound('userNotFound');
    return row;
  }

  async options(caller: SessionUser, lang: Lang): Promise<UserOptions> {
    const [choices, stations, reach] = await Promise.all([
      formChoices(this.db, lang),
      stationsInScope(this.db, caller),
      this.guard.reach(caller),
    ]);
    const grants = await this.guard.roleGrants(choices.roles.map((r) => r.id));
    return {
      roles: choices.roles.map((r) => {
        const g = grants.get(r.id);
        return { ...r, grantable: g !== undefined && roleGrantProblem(reach, g) === null };
      }),
      orgs: choices.orgs
        .filter((o) => this.guard.sees(reach, o.id))
        .map((o) => ({ ...o, placeable: orgPlaceable(reach, o.id) })),
      posts: choices.posts,
      stations: stations.map((s) => ({ id: s.id, name: s.name, orgId: s.orgId })),
    };
  }

  async add(caller: SessionUser, b: UserAddBody): Promise<{ id: number }> {
    const password = await this.password(b.password);
    const fields = await this.checked(b);
    const reach = await this.guard.reach(caller);
    await this.guard.assertUserGrantable(reach, rightsOf(fields.deptId, b, []));
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
    const reach = await this.guard.reach(caller);
    const current = await this.find(reach, b.id);
    if (!b.enabled) this.guardDisable(caller, current);
    const fields = await this.checked(b);
    if (current.id === caller.userId) {
      if (!sameRights(current, fields.deptId, b)) throw grantRefused('grantSelf');
    } else {
      await this.guard.assertUserManageable(reach, current.id);
      const held = (await this.guard.holdings([current.id])).get(current.id);
      await this.guard.assertUserGrantable(reach, {
        ...rightsOf(fields.deptId, b, held?.stationRoles ?? []),
        groupWide: held?.groupWide ?? false,
      });
    }
    if (current.builtin && !(await roleCodesById(this.db, b.roleIds)).includes(ADMIN_ROLE_CODE)) {
      throw refused('userBuiltinAdmin');
    }
    await updateUser(this.db, b.id, fields, unique(b.roleIds), unique(b.stationIds));
    if (!b.enabled) await revokeUserSessions(this.db, b.id);
    this.sessionsChanged({ userId: b.id });
    return null;
  }

  async setEnabled(caller: SessionUser, id: number, enabled: boolean): Promise<null> {
    const current = await this.manageable(caller, id);
    if (!enabled) this.guardDisable(caller, current);
    await setUserEnabled(this.db, id, enabled);
    // authenticate() also refuses a disabled user; revoking makes the end final.
    if (!enabled) await revokeUserSessions(this.db, id);
    this.sessionsChanged({ userId: id });
    return null;
  }

  async resetPassword(caller: SessionUser, id: number, sealed: Sealed): Promise<null> {
    if (id === caller.userId) throw grantRefused('userSelfResetPwd');
    const password = await this.password(sealed);
    await this.manageable(caller, id);
    await updatePasswordHash(this.db, id, await hashPassword(password));
    await revokeUserSessions(this.db, id);
    this.sessionsChanged({ userId: id });
    return null;
  }

  async remove(caller: SessionUser, id: number): Promise<null> {
    const reach = await this.guard.reach(caller);
    const current = await this.find(reach, id);
    if (current.id === caller.userId) throw refused('userSelfDelete');
    if (current.builtin) throw refused('userBuiltinAdmin');
    await this.guard.assertUserManageable(reach, id);
    await deleteUser(this.db, id);
    this.sessionsChanged({ userId: id });
    return null;
  }

  /**
   * The user, when in the caller's data scope (404 otherwise, like a missing one); names in
   * `lang` (callers that show none take the default).
   */
  private async find(reach: GrantReach, id: number, lang: Lang = 'zh_CN'): Promise<StoredUser> {
    const row = await findAdminUser(this.db, id, BUILTIN_ADMIN_USERNAME, lang);
    if (!row || !this.guard.sees(reach, row.deptId)) throw notFound('userNotFound');
    return row;
  }

  /** The user, when the caller may change them: in scope, not themself beyond, every right within theirs. */
  private async manageable(caller: SessionUser, id: number): Promise<StoredUser> {
    const reach = await this.guard.reach(caller);
    const current = await this.find(reach, id);
    await this.guard.assertUserManageable(reach, id);
    return current;
  }

  /** Rows with whether the caller may change them. */
  private async marked(reach: GrantReach, rows: StoredUser[]): Promise<SysUserRow[]> {
    const ok = await this.guard.manageableUsers(
      reach,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, manageable: ok.has(r.id) }));
  }

  private async password(sealed: Sealed): Promise<string> {
    const password = await this.openSecret(sealed);
    if (checkPasswordLength(password)) throw refused('passwordLength');
    return password;
  }

  private guardDisable(caller: SessionUser, target: StoredUser): void {
    if (target.id === caller.userId) throw refused('userSelfDisable');
    if (target.builtin) throw refused('userBuiltinAdmin');
  }

  /**
   * The field rules of spec 5 (the form's messages), then the references: organisation, post
   * and roles must exist. What the roles, organisation and stations grant is the guard's.
   */
  private async checked(b: Omit<UserUpdateBody, 'id'>): Promise<UserFields> {
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
const sameSet = (a: readonly number[], b: readonly number[]) => {
  const x = unique(a);
  const y = new Set(b);
  return x.length === y.size && x.every((v) => y.has(v));
};

/** The rights of a user as a body would leave them (station roles are another page's). */
const rightsOf = (
  deptId: number | null,
  b: Pick<UserAddBody, 'roleIds' | 'stationIds'>,
  stationRoles: { stationId: number; roleId: number }[],
) => ({ deptId, groupWide: false, roleIds: unique(b.roleIds), stationIds: unique(b.stationIds), stationRoles });

/** The body leaves roles, organisation and station grants as they are. */
const sameRights = (current: StoredUser, deptId: number | null, b: Pick<UserAddBody, 'roleIds' | 'stationIds'>) =>
  current.deptId === deptId && sameSet(current.roleIds, b.roleIds) && sameSet(current.stationIds, b.stationIds);

/** Organisations whose users the caller sees; null for all. */
const visibleOrgs = (reach: GrantReach): number[] | null =>
  reach.admin || reach.orgs === 'all' ? null : [...reach.orgs];
