import {
  type DeviceNode,
  type DeviceType,
  type Lang,
  type LatestByTypeResult,
  type PointMeta,
  ResultCode,
  type VirtualDevice,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { writeLog } from '../../platform/logs';
import { assertDeviceInScope } from './device-access';
import { rotateDeviceSecret } from './device-secret';
import { buildDeviceTree } from './device-tree';
import { deviceLatest, pointMeta, virtualDevice } from './device-view';
import { loadStationDevices } from './station-devices';

export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
  ) {}

  /** The station's real devices as a tree (spec 7 `treeTrueDevices`). */
  async treeTrueDevices(user: SessionUser, stationId: number, lang: Lang): Promise<DeviceNode[]> {
    await assertStationInScope(this.db, user, stationId);
    return buildDeviceTree(await loadStationDevices(this.db, stationId, { virtual: false, latest: false }), lang);
  }

  /** The station's virtual devices with their points and latest values. */
  async virtualDevices(user: SessionUser, stationId: number, lang: Lang): Promise<VirtualDevice[]> {
    await assertStationInScope(this.db, user, stationId);
    return (await loadStationDevices(this.db, stationId, { virtual: true })).map((d) => virtualDevice(d, lang));
  }

  /** Every device of one type with its latest values, and the columns (points) they have. */
  async latestByType(user: SessionUser, stationId: number, type: DeviceType, lang: Lang): Promise<LatestByTypeResult> {
    await assertStationInScope(this.db, user, stationId);
    const list = await loadStationDevices(this.db, stationId, { types: [type] });
    const columns = new Map<string, PointMeta>();
    for (const d of list) for (const p of d.points) if (!columns.has(p.code)) columns.set(p.code, pointMeta(p, lang));
    return { type, points: [...columns.values()], devices: list.map((d) => deviceLatest(d, lang)) };
  }

  /**
   * New MQTT credentials of a real device: the secret is generated, stored as a hash and shown
   * this once. The operation is logged without the secret.
   */
  async credentials(
    user: SessionUser,
    deviceId: number,
    ip: string | null,
  ): Promise<{ username: string; password: string }> {
    const started = Date.now();
    const { device } = await assertDeviceInScope(this.db, user, deviceId);
    if (device.type === 'virtual') throw new AppError(400, ResultCode.BAD_REQUEST, 'virtualNoCredentials');
    const issued = await rotateDeviceSecret(this.db, device.id);
    if (!issued) throw notFound('deviceNotFound');
    // A leaked secret is why one rotates: whoever holds the old one loses the connection too.
    this.bus.emit('deviceSecretRotated', { deviceId: device.id });
    await writeLog(this.db, {
      name: 'device.credentials',
      userId: user.userId,
      username: user.username,
      ip,
      method: 'POST',
      methodName: 'credentials',
      params: JSON.stringify({ deviceId: device.id, sn: device.sn }),
      durationMs: Date.now() - started,
    });
    return issued;
  }
}
