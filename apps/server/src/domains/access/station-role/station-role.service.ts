import {
  ADMIN_ROLE_CODE,
  type Lang,
  type StationRoleBody,
  type StationRoleOptions,
  type StationRolePageBody,
  type StationRoleRow,
  type StationRoleUpdateBody,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope, stationScopeFilter, stationsInScope } from '../../../kernel/station-scope.service';
import { notFound, refusal as refused } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { GrantGuard, type GrantReach, menusProblem } from '../grants';
import type { SessionsChanged } from '../user';
import {
  deleteStationRole,
  findStationRole,
  insertStationRole,
  roleChoices,
  roleCode,
  type StoredStationRole,
  stationRolePage,
  stationRoleTaken,
  updateStationRole,
  userChoices,
  userExists,
} from './station-role.repository';

/**
 * Station roles (/system/station-role): a user's role at one station, one per user and
 * station (docs/api.md "Station roles"). Administrators see and change only those at stations
 * in their own scope; the admin role is global only. Nobody gives, changes or takes away their
 * own station role, and who is not an administrator grants only roles whose every row they
 * hold (domains/access/grants).
 */
export class StationRoleService {
  private readonly guard: GrantGuard;

  constructor(
    private readonly db: Db,
    /** A station role adds its station to the user's scope (station directory, sessions). */
    private readonly sessionsChanged: SessionsChanged,
  ) {
    this.guard = new GrantGuard(db);
  }

  async page(
    caller: SessionUser,
    b: StationRolePageBody,
    lang: Lang,
  ): Promise<{ rows: StationRoleRow[]; total: number }> {
    const [page, reach] = await Promise.all([
      stationRolePage(this.db, b, stationScopeFilter(caller), lang),
      this.guard.reach(caller),
    ]);
    return { ...page, rows: await this.marked(reach, page.rows) };
  }

  async options(caller: SessionUser, lang: Lang): Promise<StationRoleOptions> {
    const [users, stations, roles, reach] = await Promise.all([
      userChoices(this.db),
      stationsInScope(this.db, caller),
      roleChoices(this.db, ADMIN_ROLE_CODE, lang),
      this.guard.reach(caller),
    ]);
    const grants = await this.guard.roleGrants(roles.map((r) => r.id));
    return {
      users: users.filter((u) => u.id !== caller.userId),
      stations: stations.map((s) => ({ id: s.id, name: s.name })),
      roles: roles.map((r) => ({
        ...r,
        grantable:
          menusProblem(reach, grants.get(r.id) ?? { ...r, dataScope: 'org', menuIds: [], orgIds: [] }) === null,
      })),
    };
  }

  async add(caller: SessionUser, b: StationRoleBody, lang: Lang): Promise<StationRoleRow> {
    const reach = await this.guard.reach(caller);
    await this.check(caller, reach, b);
    if (await stationRoleTaken(this.db, b.userId, b.stationId)) throw refused('stationRoleTaken', 409);
    const id = await insertStationRole(this.db, b);
    const row = id === null ? undefined : await findStationRole(this.db, id, lang);
    if (!row) throw refused('stationRoleTaken', 409);
    this.sessionsChanged({ userId: b.userId });
    const [marked] = await this.marked(reach, [row]);
    if (!marked) throw refused('stationRoleTaken', 409);
    return marked;
  }

  async update(caller: SessionUser, b: StationRoleUpdateBody): Promise<null> {
    const reach = await this.guard.reach(caller);
    const before = await this.find(caller, b.id);
    await this.guard.assertStationRoleGrantable(reach, before);
    await this.check(caller, reach, b);
    if (await stationRoleTaken(this.db, b.userId, b.stationId, b.id)) throw refused('stationRoleTaken', 409);
    await updateStationRole(this.db, b.id, { userId: b.userId, stationId: b.stationId, roleId: b.roleId });
    this.sessionsChanged({ userId: before.userId });
    if (b.userId !== before.userId) this.sessionsChanged({ userId: b.userId });
    return null;
  }

  async remove(caller: SessionUser, id: number): Promise<null> {
    const row = await this.find(caller, id);
    await this.guard.assertStationRoleGrantable(await this.guard.reach(caller), row);
    await deleteStationRole(this.db, id);
    this.sessionsChanged({ userId: row.userId });
    return null;
  }

  /** The row, when its station is in the caller's scope (404 otherwise, like a missing one); no text shown. */
  private async find(caller: SessionUser, id: number): Promise<StoredStationRole> {
    const row = await findStationRole(this.db, id, 'zh_CN');
    if (!row) throw notFound('stationRoleNotFound');
    try {
      await assertStationInScope(this.db, caller, row.stationId);
    } catch {
      throw notFound('stationRoleNotFound');
    }
    return row;
  }

  private async check(caller: SessionUser, reach: GrantReach, b: StationRoleBody): Promise<void> {
    await assertStationInScope(this.db, caller, b.stationId);
    if (!(await userExists(this.db, b.userId))) throw notFound('userNotFound');
    const code = await roleCode(this.db, b.roleId);
    if (code === null) throw notFound('roleNotFound');
    if (code === ADMIN_ROLE_CODE) throw refused('stationRoleAdmin');
    await this.guard.assertStationRoleGrantable(reach, b);
  }

  /** Rows with whether the caller may change them. */
  private async marked(reach: GrantReach, rows: StoredStationRole[]): Promise<StationRoleRow[]> {
    const ok = await this.guard.manageableStationRoles(reach, rows);
    return rows.map((r) => ({ ...r, manageable: ok.has(r.id) }));
  }
}
