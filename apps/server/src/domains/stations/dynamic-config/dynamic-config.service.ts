import {
  type CurveConfigRow,
  type Lang,
  type PageConfigKey,
  type PointConfigData,
  type PointConfigRow,
  ResultCode,
  STATION_SKIP_PERMISSION,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import type { PageConfigKind } from '../../../db/curve-config-schema';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { latestOf, loadStationDevices, localName, stateLabels, stateText } from '../device';
import {
  type ConfigLocation,
  type ConfigRowJoined,
  menuGranted,
  replaceConfigRows,
  selectConfigRows,
} from './dynamic-config.repository';

type RowInput = { deviceId: number; flgId: number; label: string | null };

const base = (r: ConfigRowJoined, lang: Lang) => ({
  id: r.id,
  deviceId: r.deviceId,
  deviceName: localName(r.deviceNames, lang, r.deviceName),
  sn: r.sn,
  flgId: r.point.id,
  col: r.point.code,
  colName: localName(r.point.names, lang, r.point.code),
  unit: r.point.unit,
  kind: r.point.kind,
  precision: r.point.precision,
  states: stateLabels(r.point.states, lang),
  sort: r.sort,
});

/**
 * Point and curve configuration of page blocks (spec 5, 7 `dynamicConfig`): rows keyed by
 * station, page location, block location and the route's menu id (spec 6: the permission id,
 * not applied for station 720). Every row names the device source it was chosen from.
 */
export class DynamicConfigService {
  constructor(private readonly db: Db) {}

  /** The stored key of a location; the caller must see the station and hold the menu. */
  async location(user: SessionUser, key: PageConfigKey): Promise<ConfigLocation> {
    const station = await assertStationInScope(this.db, user, key.stationId);
    const permissionId = station.id === STATION_SKIP_PERMISSION ? 0 : (key.permissionId ?? 0);
    if (permissionId !== 0 && !(await menuGranted(this.db, permissionId, user.isAdmin ? null : user.roles))) {
      throw new AppError(404, ResultCode.NOT_FOUND, 'pageConfigMenuNotFound', { permissionId });
    }
    return { stationId: station.id, pageLocation: key.pageLocation, divLocation: key.divLocation, permissionId };
  }

  async saveCurves(
    user: SessionUser,
    body: PageConfigKey & { list: { deviceId: number; flgId: number; curveName?: string | null }[] },
    lang: Lang,
  ): Promise<CurveConfigRow[]> {
    const loc = await this.location(user, body);
    await this.replace(
      user,
      'curve',
      loc,
      body.list.map((r) => ({ ...r, label: r.curveName || null })),
    );
    return this.curvesAt(loc, lang);
  }

  async curves(user: SessionUser, key: PageConfigKey, lang: Lang): Promise<CurveConfigRow[]> {
    return this.curvesAt(await this.location(user, key), lang);
  }

  async savePoints(
    user: SessionUser,
    body: PageConfigKey & { list: { deviceId: number; flgId: number; name?: string | null }[] },
    lang: Lang,
  ): Promise<PointConfigRow[]> {
    const loc = await this.location(user, body);
    await this.replace(
      user,
      'point',
      loc,
      body.list.map((r) => ({ ...r, label: r.name || null })),
    );
    return this.pointsAt(loc, lang);
  }

  async points(user: SessionUser, key: PageConfigKey, lang: Lang): Promise<PointConfigRow[]> {
    return this.pointsAt(await this.location(user, key), lang);
  }

  /** The configured points with their newest values and their devices' status. */
  async pointData(user: SessionUser, key: PageConfigKey, lang: Lang): Promise<PointConfigData[]> {
    const rows = await selectConfigRows(this.db, 'point', await this.location(user, key));
    const latest = await latestOf(
      this.db,
      rows.map((r) => r.point.id),
    );
    return rows.map((r) => {
      const sample = latest.get(r.point.id) ?? null;
      return {
        ...base(r, lang),
        name: r.label,
        status: r.deviceStatus,
        value: sample?.value ?? null,
        ts: sample?.ts ?? null,
        text: sample ? stateText(r.point.states, sample.value, lang) : null,
      };
    });
  }

  private async curvesAt(loc: ConfigLocation, lang: Lang): Promise<CurveConfigRow[]> {
    const rows = await selectConfigRows(this.db, 'curve', loc);
    return rows.map((r) => ({ ...base(r, lang), curveName: r.label }));
  }

  private async pointsAt(loc: ConfigLocation, lang: Lang): Promise<PointConfigRow[]> {
    const rows = await selectConfigRows(this.db, 'point', loc);
    return rows.map((r) => ({ ...base(r, lang), name: r.label }));
  }

  /** Every row's device must be a device of the station and its point one of that device's (spec 5). */
  private async replace(user: SessionUser, kind: PageConfigKind, loc: ConfigLocation, list: RowInput[]) {
    const ids = [...new Set(list.map((r) => r.deviceId))];
    const devices = ids.length
      ? await loadStationDevices(this.db, loc.stationId, { deviceIds: ids, latest: false })
      : [];
    const byId = new Map(devices.map((d) => [d.id, d]));
    const rows = list.map((r) => {
      const device = byId.get(r.deviceId);
      if (!device) throw notFound('deviceNotFound');
      if (!device.points.some((p) => p.id === r.flgId)) {
        throw new AppError(400, ResultCode.BAD_REQUEST, 'pageConfigPointMismatch', {
          flgId: r.flgId,
          deviceId: r.deviceId,
        });
      }
      return { deviceId: r.deviceId, pointId: r.flgId, label: r.label };
    });
    await replaceConfigRows(this.db, kind, loc, rows, user.userId);
  }
}
