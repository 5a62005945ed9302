import {
  type Lang,
  METER_ROLE_NAMES,
  METER_ROLES,
  type MeterConfig,
  type MeterConnection,
  type MeterRole,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import {
  deleteRole,
  insertRole,
  metersOfStation,
  rolesOfStation,
  upsertConnection,
  upsertRole,
} from './meter-role.repository';

type RoleBody = { stationId: number; role: MeterRole; deviceId: number };

/**
 * Which meter of a station is its gateway, storage, PV and load meter (spec 7 `xinFengMing/*`):
 * energy accounting, revenue and the KPIs read the counters of these meters.
 */
export class MeterRoleService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
  ) {}

  async query(user: SessionUser, stationId: number, lang: Lang): Promise<MeterConfig> {
    await assertStationInScope(this.db, user, stationId);
    return this.config(stationId, lang);
  }

  /** Gives a role its meter; 409 when the role already has one (use update to change it). */
  async add(user: SessionUser, body: RoleBody, lang: Lang): Promise<MeterConfig> {
    await this.checkMeter(user, body.stationId, body.deviceId);
    if (!(await insertRole(this.db, body.stationId, body.role, body.deviceId))) {
      throw new AppError(409, ResultCode.CONFLICT, 'meterRoleTaken', { role: METER_ROLE_NAMES[body.role][lang] });
    }
    this.bus.emit('devicesChanged', { stationId: body.stationId });
    return this.config(body.stationId, lang);
  }

  /** Sets (or, with deviceId null, clears) a role's meter. */
  async update(
    user: SessionUser,
    body: { stationId: number; role: MeterRole; deviceId: number | null },
    lang: Lang,
  ): Promise<MeterConfig> {
    if (body.deviceId === null) {
      await assertStationInScope(this.db, user, body.stationId);
      await deleteRole(this.db, body.stationId, body.role);
    } else {
      await this.checkMeter(user, body.stationId, body.deviceId);
      await upsertRole(this.db, body.stationId, body.role, body.deviceId);
    }
    this.bus.emit('devicesChanged', { stationId: body.stationId });
    return this.config(body.stationId, lang);
  }

  /**
   * Sets how a meter is connected (nominal voltage, PT and CT): power quality, topology and
   * the meter's values read from it which side of its transformers they are on.
   */
  async setConnection(
    user: SessionUser,
    body: { stationId: number; deviceId: number; connection: MeterConnection },
    lang: Lang,
  ): Promise<MeterConfig> {
    await this.checkMeter(user, body.stationId, body.deviceId);
    await upsertConnection(this.db, body.deviceId, body.connection);
    this.bus.emit('devicesChanged', { stationId: body.stationId });
    return this.config(body.stationId, lang);
  }

  /** Only a meter of that same station may take a role. */
  private async checkMeter(user: SessionUser, stationId: number, deviceId: number): Promise<void> {
    await assertStationInScope(this.db, user, stationId);
    const meters = await metersOfStation(this.db, stationId);
    if (!meters.some((m) => m.deviceId === deviceId)) {
      throw new AppError(400, ResultCode.BAD_REQUEST, 'notStationMeter', { deviceId });
    }
  }

  private async config(stationId: number, lang: Lang): Promise<MeterConfig> {
    const [roles, meters] = await Promise.all([
      rolesOfStation(this.db, stationId, lang),
      metersOfStation(this.db, stationId, lang),
    ]);
    const byRole = new Map(roles.map((r) => [r.role, r]));
    return {
      stationId,
      roles: METER_ROLES.map((role) => {
        const r = byRole.get(role);
        return {
          role,
          roleName: METER_ROLE_NAMES[role][lang],
          deviceId: r?.deviceId ?? null,
          deviceName: r?.name ?? null,
          sn: r?.sn ?? null,
        };
      }),
      meters,
    };
  }
}
