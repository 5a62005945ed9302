import {
  addDays,
  type CurveResult,
  type Lang,
  localDateOf,
  localDayStart,
  MAX_CURVE_SPAN_MS,
  ResultCode,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import { loadStationDevices } from '../../stations/device';
import type { CurvePoint, PointCurveService } from '../../stations/point';
import { QUARTER_MS } from '../../stations/point';
import type { StationRow } from '../../stations/station';
import { SharedResult } from './shared-result';
import { findTotalsDevice } from './station-totals';

/** The home page's power curve: storage, PV, load and grid (signs of domain.md). */
const REALTIME_CODES = ['storagePower', 'pvPower', 'loadPower', 'gridPower'] as const;

export class StationCurveService {
  /** The home curve by station, day and language: callers within `shareMs` share one computation. */
  private readonly shared: SharedResult<Awaited<ReturnType<StationCurveService['computeRealtime']>>>;

  /** `shareMs`: how long one computation of a station's day curve serves every caller (0: none). */
  constructor(
    private readonly db: Db,
    private readonly curves: PointCurveService,
    shareMs = 0,
  ) {
    this.shared = new SharedResult(shareMs);
  }

  /** A local day (default today) of the station totals in 15-minute averages (spec 7 `realtimeCurve`). */
  async realtimeCurve(user: SessionUser, stationId: number, date: string | undefined, lang: Lang) {
    const station = await assertStationInScope(this.db, user, stationId);
    const day = date ?? localDateOf(Date.now(), station.timezone);
    return this.shared.get(`${station.id}:${day}:${lang}`, () => this.computeRealtime(station, day, lang));
  }

  private async computeRealtime(station: StationRow, day: string, lang: Lang) {
    const tz = station.timezone;
    const from = localDayStart(day, tz);
    const to = localDayStart(addDays(day, 1), tz);
    const totals = await findTotalsDevice(this.db, station.id);
    const [device] = totals
      ? await loadStationDevices(this.db, station.id, { deviceIds: [totals.deviceId], latest: false })
      : [];
    const items: CurvePoint[] = REALTIME_CODES.flatMap((code) => {
      const point = device?.points.find((p) => p.code === code);
      return device && point ? [{ deviceId: device.id, point }] : [];
    });
    const series = await this.curves.series(items, from, to - 1, tz, lang, { source: '15m', bucketMs: QUARTER_MS });
    return { date: day, timezone: tz, from, to, series };
  }

  /** Curves of chosen points of the station's devices; default range: today so far (spec 7 `dynamicRealtimeCurve`). */
  async dynamicRealtimeCurve(
    user: SessionUser,
    body: { stationId: number; items: { deviceId: number; code: string }[]; from?: number; to?: number },
    lang: Lang,
  ): Promise<CurveResult> {
    const station = await assertStationInScope(this.db, user, body.stationId);
    const tz = station.timezone;
    const now = Date.now();
    const from = body.from ?? localDayStart(localDateOf(now, tz), tz);
    const to = body.to ?? now;
    if (to <= from || to - from > MAX_CURVE_SPAN_MS) throw new AppError(400, ResultCode.BAD_REQUEST, 'badRange');
    const ids = [...new Set(body.items.map((i) => i.deviceId))];
    const devices = await loadStationDevices(this.db, station.id, { deviceIds: ids, latest: false });
    const missingDevice = ids.find((id) => !devices.some((d) => d.id === id));
    if (missingDevice !== undefined) throw notFound('deviceNotFound');
    const items: CurvePoint[] = body.items.map(({ deviceId, code }) => {
      const device = devices.find((d) => d.id === deviceId);
      const point = device?.points.find((p) => p.code === code);
      if (!device || !point) {
        throw new AppError(400, ResultCode.BAD_REQUEST, 'unknownPoints', { codes: code, sn: device?.sn ?? '' });
      }
      return { deviceId, point };
    });
    return { from, to, series: await this.curves.series(items, from, to, tz, lang) };
  }
}
