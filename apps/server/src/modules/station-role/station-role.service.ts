import {
  ADMIN_ROLE_CODE,
  ResultCode,
  type StationRoleBody,
  type StationRoleOptions,
  type StationRolePageBody,
  type StationRoleRow,
  type StationRoleUpdateBody,
} from '@ess/contract';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/messages';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../lib/types';
import { assertStationInScope, stationScopeFilter, stationsInScope } from '../station/station-scope.service';
import type { SessionsChanged } from '../user/user-admin.service';
import {
  deleteStationRole,
  findStationRole,
  insertStationRole,
  roleChoices,
  roleCode,
  stationRolePage,
  stationRoleTaken,
  updateStationRole,
  userChoices,
  userExists,
} from './station-role.repository';

const refused = (key: MessageKey, status = 400) =>
  new AppError(status, status === 409 ? ResultCode.CONFLICT : ResultCode.BAD_REQUEST, key);

/**
 * Station roles (/system/station-role): a user's role at one station, one per user and
 * station (docs/api.md "Station roles"). Administrators see and change only those at stations
 * in their own scope; the admin role is global only.
 */
export class StationRoleService {
  constructor(
    private readonly db: Db,
    /** A station role adds its station to the user's scope (station directory, sessions). */
    private readonly sessionsChanged: SessionsChanged,
  ) {}

  page(caller: SessionUser, b: StationRolePageBody): Promise<{ rows: StationRoleRow[]; total: number }> {
    return stationRolePage(this.db, b, stationScopeFilter(caller));
  }

  async options(caller: SessionUser): Promise<StationRoleOptions> {
    const [users, stations, roles] = await Promise.all([
      userChoices(this.db),
      stationsInScope(this.db, caller),
      roleChoices(this.db, ADMIN_ROLE_CODE),
    ]);
    return { users, stations: stations.map((s) => ({ id: s.id, name: s.name })), roles };
  }

  async add(caller: SessionUser, b: StationRoleBody): Promise<StationRoleRow> {
    await this.check(caller, b);
    if (await stationRoleTaken(this.db, b.userId, b.stationId)) throw refused('stationRoleTaken', 409);
    const id = await insertStationRole(this.db, b);
    const row = id === null ? undefined : await findStationRole(this.db, id);
    if (!row) throw refused('stationRoleTaken', 409);
    this.sessionsChanged({ userId: b.userId });
    return row;
  }

  async update(caller: SessionUser, b: StationRoleUpdateBody): Promise<null> {
    const before = await this.find(caller, b.id);
    await this.check(caller, b);
    if (await stationRoleTaken(this.db, b.userId, b.stationId, b.id)) throw refused('stationRoleTaken', 409);
    await updateStationRole(this.db, b.id, { userId: b.userId, stationId: b.stationId, roleId: b.roleId });
    this.sessionsChanged({ userId: before.userId });
    if (b.userId !== before.userId) this.sessionsChanged({ userId: b.userId });
    return null;
  }

  async remove(caller: SessionUser, id: number): Promise<null> {
    const row = await this.find(caller, id);
    await deleteStationRole(this.db, id);
    this.sessionsChanged({ userId: row.userId });
    return null;
  }

  /** The row, when its station is in the caller's scope (404 otherwise, like a missing one). */
  private async find(caller: SessionUser, id: number): Promise<StationRoleRow> {
    const row = await findStationRole(this.db, id);
    if (!row) throw notFound('stationRoleNotFound');
    try {
      await assertStationInScope(this.db, caller, row.stationId);
    } catch {
      throw notFound('stationRoleNotFound');
    }
    return row;
  }

  private async check(caller: SessionUser, b: StationRoleBody): Promise<void> {
    await assertStationInScope(this.db, caller, b.stationId);
    if (!(await userExists(this.db, b.userId))) throw notFound('userNotFound');
    const code = await roleCode(this.db, b.roleId);
    if (code === null) throw notFound('roleNotFound');
    if (code === ADMIN_ROLE_CODE) throw refused('stationRoleAdmin');
  }
}
