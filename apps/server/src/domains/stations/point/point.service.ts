import {
  type Lang,
  type PointData,
  type PointInfo,
  type QueryPointItem,
  SENS_TYPE_KINDS,
  type VirtualPoint,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import {
  assertDeviceInScope,
  latestOf,
  loadStationDevices,
  pointData,
  pointInfo,
  rowName,
  type Sample,
  typeName,
  virtualPoint,
} from '../device';
import { devicePointsInScope } from './point.repository';

/** Newest sample per point id: the telemetry's in-memory values (latest-values.ts). */
export type LatestReader = { read: (pointIds: readonly number[]) => Promise<Map<number, Sample>> };

export class PointService {
  /** `latest`: newest values from memory; null reads ts_latest. */
  constructor(
    private readonly db: Db,
    private readonly latest: LatestReader | null = null,
  ) {}

  /** The device's points (spec 7 `pointList`). */
  async pointList(user: SessionUser, deviceId: number, lang: Lang): Promise<PointInfo[]> {
    const { device } = await assertDeviceInScope(this.db, user, deviceId);
    const [loaded] = await loadStationDevices(this.db, device.stationId, { deviceIds: [device.id], latest: false });
    return (loaded?.points ?? []).map((p) => pointInfo(p, lang));
  }

  /** Every point of the device with its newest value (spec 7 `pointDataShowList`). */
  async pointDataShowList(user: SessionUser, deviceId: number, lang: Lang): Promise<PointData[]> {
    // One query for the points, values from memory when the telemetry keeps them: on the
    // embedded database every query waits behind the running one (ingest batches included).
    const list = await devicePointsInScope(this.db, user, deviceId);
    if (!list) throw notFound('deviceNotFound');
    const ids = list.map((p) => p.id);
    const latest = this.latest ? await this.latest.read(ids) : await latestOf(this.db, ids);
    return list.map((p) => pointData({ ...p, latest: latest.get(p.id) ?? null }, lang));
  }

  /**
   * Devices of the station (or the one `srcId`) with the points a configuration dialog may pick:
   * of the kind `sensType` selects (pointType dictionary value; 0 = every kind).
   */
  async queryPoint(
    user: SessionUser,
    body: { stationId: number; srcId?: number | null; sensType: number },
    lang: Lang,
  ): Promise<QueryPointItem[]> {
    await assertStationInScope(this.db, user, body.stationId);
    const kind = body.sensType === 0 ? null : SENS_TYPE_KINDS[body.sensType as keyof typeof SENS_TYPE_KINDS];
    const list = await loadStationDevices(this.db, body.stationId, {
      latest: false,
      ...(body.srcId ? { deviceIds: [body.srcId] } : {}),
    });
    if (body.srcId && list.length === 0) throw notFound('deviceNotFound');
    return list.map((d) => ({
      srcId: d.id,
      sn: d.sn,
      deviceName: rowName(d, lang),
      deviceType: d.type,
      deviceTypeName: typeName(d.type, lang),
      deviceTypeColList: d.points
        .filter((p) => kind === null || p.kind === kind)
        .map((p) => {
          const info = pointInfo(p, lang);
          return { col: p.code, colName: info.name, flgId: p.id, unit: p.unit, kind: p.kind, precision: p.precision };
        }),
    }));
  }

  /** Points of the station's virtual devices (or of one), with formula and newest value. */
  async queryVirtualPoint(
    user: SessionUser,
    body: { stationId: number; deviceId?: number | null },
    lang: Lang,
  ): Promise<(VirtualPoint & { deviceId: number; deviceName: string; sn: string })[]> {
    await assertStationInScope(this.db, user, body.stationId);
    const list = await loadStationDevices(this.db, body.stationId, {
      virtual: true,
      ...(body.deviceId ? { deviceIds: [body.deviceId] } : {}),
    });
    if (body.deviceId && list.length === 0) throw notFound('deviceNotFound');
    return list.flatMap((d) =>
      d.points.map((p) => ({ ...virtualPoint(p, lang), deviceId: d.id, deviceName: rowName(d, lang), sn: d.sn })),
    );
  }
}
