import { ResultCode } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { MessageKey } from '../../../i18n/messages';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { grantReachOf } from './grant-reach';
import {
  type GrantProblem,
  type GrantReach,
  type RoleGrantShape,
  roleGrantProblem,
  stationRoleGrantProblem,
  type UserGrantShape,
  userGrantProblem,
} from './grant-rules';
import { type RoleGrant, roleGrants, type UserHoldings, userHoldings } from './grants.repository';

const PROBLEM_KEYS: Record<GrantProblem, MessageKey> = {
  adminOnly: 'adminOnly',
  grantMenus: 'grantMenusBeyond',
  grantScope: 'grantScopeBeyond',
  grantStations: 'grantStationsBeyond',
  grantOrg: 'grantOrgBeyond',
};

/** 403: the caller lacks the right to grant or change this (one code for one meaning). */
export const grantRefused = (key: MessageKey) => new AppError(403, ResultCode.FORBIDDEN, key);
const refusedFor = (p: GrantProblem) => grantRefused(PROBLEM_KEYS[p]);

/** A user's rights as ids: what they hold, or what a change would leave them with. */
export type UserGrantIds = Omit<UserHoldings, 'userId'>;

/** A role that is not there grants nothing (the services refuse unknown ids first). */
const NO_ROLE: RoleGrantShape = { code: '', dataScope: 'org', menuIds: [], orgIds: [] };

/**
 * The grant checks of user, role, station-role and menu administration (grant-rules.ts), each
 * with the caller's reach read at the call. Refusals are 403 naming what the caller lacks.
 */
export class GrantGuard {
  constructor(private readonly db: Db) {}

  reach(caller: SessionUser): Promise<GrantReach> {
    return grantReachOf(this.db, caller);
  }

  roleGrants(ids: readonly number[]): Promise<Map<number, RoleGrant>> {
    return roleGrants(this.db, ids);
  }

  /** What these users hold now (unknown ids absent). */
  holdings(userIds: readonly number[]): Promise<Map<number, UserHoldings>> {
    return userHoldings(this.db, userIds);
  }

  /** A user is in the caller's data scope when their organisation is (every user for a group-wide reach). */
  sees(reach: GrantReach, deptId: number | null): boolean {
    return reach.admin || reach.orgs === 'all' || (deptId !== null && reach.orgs.has(deptId));
  }

  private async shapes(list: readonly UserGrantIds[]): Promise<UserGrantShape[]> {
    const grants = await this.roleGrants(list.flatMap((u) => [...u.roleIds, ...u.stationRoles.map((s) => s.roleId)]));
    const role = (id: number) => grants.get(id) ?? NO_ROLE;
    return list.map((u) => ({
      deptId: u.deptId,
      groupWide: u.groupWide,
      roles: u.roleIds.map(role),
      stationIds: u.stationIds,
      stationRoles: u.stationRoles.map((s) => ({ stationId: s.stationId, role: role(s.roleId) })),
    }));
  }

  /** Users (of `ids`) whose every right lies within the caller's reach: those the caller may change. */
  async manageableUsers(reach: GrantReach, ids: readonly number[]): Promise<Set<number>> {
    if (reach.admin) return new Set(ids);
    const held = [...(await userHoldings(this.db, ids)).values()];
    const shapes = await this.shapes(held);
    return new Set(
      held.filter((_, i) => userGrantProblem(reach, shapes[i] as UserGrantShape) === null).map((u) => u.userId),
    );
  }

  /** The caller may change the user: everything the user holds lies within the caller's reach. */
  async assertUserManageable(reach: GrantReach, userId: number): Promise<void> {
    if (reach.admin) return;
    const held = (await userHoldings(this.db, [userId])).get(userId);
    const [shape] = held ? await this.shapes([held]) : [];
    const p = shape ? userGrantProblem(reach, shape) : null;
    if (p) throw grantRefused(p === 'adminOnly' ? 'adminOnly' : 'userBeyondReach');
  }

  /** Rights a new or changed user would hold lie within the caller's reach. */
  async assertUserGrantable(reach: GrantReach, rights: UserGrantIds): Promise<void> {
    if (reach.admin) return;
    const [shape] = await this.shapes([rights]);
    const p = shape ? userGrantProblem(reach, shape) : null;
    if (p) throw refusedFor(p);
  }

  /** A role the caller may define or hand out as it stands (menus, data scope). */
  assertRoleGrantable(reach: GrantReach, role: RoleGrantShape): void {
    const p = roleGrantProblem(reach, role);
    if (p) throw refusedFor(p);
  }

  /**
   * Roles (of `ids`) the caller may change: not one they hold themselves (globally or at a
   * station: nobody changes their own rights), and granting nothing beyond their reach.
   */
  async manageableRoles(reach: GrantReach, ids: readonly number[]): Promise<Set<number>> {
    if (reach.admin) return new Set(ids);
    const own = await this.ownRoleIds(reach.userId);
    const grants = await this.roleGrants(ids);
    return new Set(ids.filter((id) => !own.has(id) && roleGrantProblem(reach, grants.get(id) ?? NO_ROLE) === null));
  }

  async assertRoleManageable(reach: GrantReach, roleId: number): Promise<void> {
    if (reach.admin) return;
    if ((await this.ownRoleIds(reach.userId)).has(roleId)) throw grantRefused('grantOwnRole');
    const role = (await this.roleGrants([roleId])).get(roleId);
    if (role && roleGrantProblem(reach, role)) throw grantRefused('roleBeyondReach');
  }

  /** A station role the caller may give (or change, or take away): not their own, at a station and with rows they hold. */
  async assertStationRoleGrantable(
    reach: GrantReach,
    grant: { userId: number; stationId: number; roleId: number },
  ): Promise<void> {
    if (grant.userId === reach.userId) throw grantRefused('grantSelf');
    if (reach.admin) return;
    const role = (await this.roleGrants([grant.roleId])).get(grant.roleId) ?? NO_ROLE;
    const p = stationRoleGrantProblem(reach, grant.stationId, role);
    if (p) throw refusedFor(p);
  }

  /** Station roles (rows) the caller may change or remove. */
  async manageableStationRoles<R extends { id: number; userId: number; stationId: number; roleId: number }>(
    reach: GrantReach,
    rows: readonly R[],
  ): Promise<Set<number>> {
    const grants = await this.roleGrants(rows.map((r) => r.roleId));
    return new Set(
      rows
        .filter(
          (r) =>
            r.userId !== reach.userId &&
            stationRoleGrantProblem(reach, r.stationId, grants.get(r.roleId) ?? NO_ROLE) === null,
        )
        .map((r) => r.id),
    );
  }

  private async ownRoleIds(userId: number): Promise<Set<number>> {
    const own = (await userHoldings(this.db, [userId])).get(userId);
    return new Set(own ? [...own.roleIds, ...own.stationRoles.map((s) => s.roleId)] : []);
  }
}
