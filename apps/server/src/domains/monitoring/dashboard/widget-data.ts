import {
  type DashboardData,
  type DashboardWidget,
  fleetFigures,
  isProvinceCode,
  type KpiMetric,
  type Lang,
  localDateOf,
  localDayStart,
  type MapMarker,
  type SiteOverviewRow,
  WIDGET_ALARM_ROWS,
  type WidgetAlarm,
  type WidgetData,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { stationsInScope } from '../../../kernel/station-scope.service';
import { AppError } from '../../../lib/app-error';
import type { SessionUser } from '../../../lib/types';
import type { AlarmEventService } from '../../alarms/alarm';
import { assertDeviceInScope, loadStationDevices, pointInfo, type StationRow } from '../../stations/device';
import type { PointCurveService } from '../../stations/point';
import { type DeviceBlocksService, readSummary, type SiteOverviewService } from '../monitoring';

export type WidgetSources = {
  db: Db;
  sites: SiteOverviewService;
  curves: PointCurveService;
  blocks: DeviceBlocksService;
  alarms: AlarmEventService;
};

/** Stations whose alarms a fleet alarm widget reads: those with the most active alarms. */
const ALARM_STATIONS = 4;

/** A station-scope refusal (404) or a point gone from its device (400) shows on the widget, not as a failed call. */
function widgetError(kind: DashboardWidget['kind'], err: unknown): WidgetData {
  if (err instanceof AppError && err.status === 404) return { kind, error: 'outOfScope' };
  if (err instanceof AppError && err.status === 400) return { kind, error: 'gone' };
  throw err;
}

/** Capacity-weighted SOC of the rows that report one. */
function fleetSoc(rows: readonly SiteOverviewRow[]): number | null {
  const known = rows.filter((r) => r.soc !== null && r.capacity > 0);
  const capacity = known.reduce((s, r) => s + r.capacity, 0);
  return capacity > 0 ? known.reduce((s, r) => s + (r.soc ?? 0) * r.capacity, 0) / capacity : null;
}

function kpi(metric: KpiMetric, rows: readonly SiteOverviewRow[]): WidgetData {
  const f = fleetFigures(rows);
  const main = f.revenue[0];
  const value: Record<KpiMetric, number | null> = {
    storagePower: f.storageKw,
    soc: fleetSoc(rows),
    todayCharge: f.chargeKwh,
    todayDischarge: f.dischargeKwh,
    todayRevenue: main?.amount ?? null,
    capacity: f.capacityKwh,
    onlineRate: f.onlinePct,
    activeAlarms: f.activeAlarms,
  };
  return {
    kind: 'kpi',
    metric,
    value: value[metric],
    currency: metric === 'todayRevenue' ? (main?.currency ?? null) : null,
    stations: metric === 'todayRevenue' ? (main?.stations ?? 0) : rows.length,
  };
}

/**
 * What each widget shows now, read as `user` (the viewer, or a published dashboard's owner):
 * every station and device goes through the station scope again, so a widget of a station the
 * reader lost says so instead of showing it. Only what the widgets name is read.
 */
export async function readWidgets(
  src: WidgetSources,
  user: SessionUser,
  widgets: readonly DashboardWidget[],
  lang: Lang,
  now: number,
): Promise<DashboardData> {
  const scope = new Map((await stationsInScope(src.db, user)).map((s) => [s.id, s]));
  const needsRows = widgets.some((w) => w.kind === 'kpi' || w.kind === 'map' || w.kind === 'alarms');
  const rows = needsRows ? await src.sites.overview(user) : [];
  const rowsOf = (stationId: number | null) =>
    stationId === null ? rows : rows.filter((r) => r.stationId === stationId);

  const one = async (w: DashboardWidget): Promise<WidgetData> => {
    const station = 'stationId' in w && w.stationId !== null ? scope.get(w.stationId) : undefined;
    if ('stationId' in w && w.stationId !== null && !station) return { kind: w.kind, error: 'outOfScope' };
    switch (w.kind) {
      case 'kpi':
        return kpi(w.metric, rowsOf(w.stationId));
      case 'map':
        return { kind: 'map', markers: markers(scope, rowsOf(w.stationId)), focus: w.stationId };
      case 'alarms':
        return alarms(src, rowsOf(w.stationId), lang).catch((err) => widgetError(w.kind, err));
      case 'energyFlow':
        return station
          ? { kind: 'energyFlow', summary: await readSummary(src.db, station.id), ratedKw: station.ratedPowerKw }
          : { kind: w.kind, error: 'outOfScope' };
      case 'devices':
        return src.blocks
          .statusSummary(user, w.stationId, lang)
          .then((status): WidgetData => ({ kind: 'devices', status }))
          .catch((err) => widgetError(w.kind, err));
      case 'points':
        return station ? pointTable(src.db, station, lang) : { kind: w.kind, error: 'outOfScope' };
      case 'curve':
        return station
          ? curve(src, user, station, w.points, lang, now).catch((err) => widgetError(w.kind, err))
          : { kind: w.kind, error: 'outOfScope' };
    }
  };
  const data = await Promise.all(widgets.map(one));
  const shown = new Set(widgets.flatMap((w) => ('stationId' in w && w.stationId !== null ? [w.stationId] : [])));
  return {
    at: now,
    stations: [...shown].flatMap((id) => {
      const s = scope.get(id);
      return s ? [{ id: s.id, name: s.name, timezone: s.timezone }] : [];
    }),
    widgets: Object.fromEntries(widgets.map((w, i) => [w.key, data[i] as WidgetData])),
  };
}

function markers(scope: ReadonlyMap<number, StationRow>, rows: readonly SiteOverviewRow[]): MapMarker[] {
  return rows.flatMap((r) => {
    const s = scope.get(r.stationId);
    return s
      ? [
          {
            id: s.id,
            name: s.name,
            longitude: s.longitude,
            latitude: s.latitude,
            provinceCode: isProvinceCode(s.provinceCode) ? s.provinceCode : null,
            capacityKwh: s.capacityKwh,
            status: r.status,
          },
        ]
      : [];
  });
}

/** The newest active alarms of the rows' stations (for the fleet: of those with most active alarms). */
async function alarms(src: WidgetSources, rows: readonly SiteOverviewRow[], lang: Lang): Promise<WidgetData> {
  const read = [...rows]
    .filter((r) => (r.alarmNum ?? 0) > 0)
    .sort((a, b) => (b.alarmNum ?? 0) - (a.alarmNum ?? 0))
    .slice(0, ALARM_STATIONS);
  const pages = await Promise.all(
    read.map((r) => src.alarms.realtime({ stationId: r.stationId, pageNum: 1, pageSize: WIDGET_ALARM_ROWS }, lang)),
  );
  const zoneOf = new Map(rows.map((r) => [r.stationId, r.timezone]));
  const list: WidgetAlarm[] = pages
    .flatMap((p) => p.rows)
    .filter((e) => e.recoveredAt === null)
    .sort((a, b) => b.raisedAt - a.raisedAt)
    .slice(0, WIDGET_ALARM_ROWS)
    .map((e) => ({
      id: e.id,
      stationId: e.stationId,
      stationName: e.stationName,
      timezone: zoneOf.get(e.stationId) ?? 'UTC',
      deviceName: e.deviceName,
      level: e.level,
      content: e.content,
      raisedAt: e.raisedAt,
    }));
  return { kind: 'alarms', rows: list, total: rows.reduce((s, r) => s + (r.alarmNum ?? 0), 0) };
}

/** The points' curves of the station's today, from its local midnight to now. */
async function curve(
  src: WidgetSources,
  user: SessionUser,
  station: StationRow,
  points: readonly { deviceId: number; code: string }[],
  lang: Lang,
  now: number,
): Promise<WidgetData> {
  const from = localDayStart(localDateOf(now, station.timezone), station.timezone);
  const byDevice = new Map<number, string[]>();
  for (const p of points) byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p.code]);
  // A device moved to another station than the widget's is refused like one out of scope.
  const owners = await Promise.all([...byDevice.keys()].map((id) => assertDeviceInScope(src.db, user, id)));
  if (owners.some((o) => o.station.id !== station.id)) return { kind: 'curve', error: 'outOfScope' };
  const results = await Promise.all(
    [...byDevice].map(([deviceId, codes]) =>
      src.curves.pointCurve(user, { deviceId, points: codes, from, to: now }, lang),
    ),
  );
  return {
    kind: 'curve',
    timezone: station.timezone,
    from,
    to: now,
    series: results.flatMap((r) => r.series),
    devices: owners.map((o) => ({ id: o.device.id, name: o.device.name })),
  };
}

/** Every point of the station's devices (virtual ones left out) with its newest sample. */
async function pointTable(db: Db, station: StationRow, lang: Lang): Promise<WidgetData> {
  const loaded = await loadStationDevices(db, station.id, { virtual: false });
  return {
    kind: 'points',
    stationId: station.id,
    timezone: station.timezone,
    devices: loaded.map((d) => ({
      id: d.id,
      name: d.name,
      sn: d.sn,
      points: d.points.map((p) => {
        const { code, name, unit, precision, states } = pointInfo(p, lang);
        return { code, name, unit, precision, states, value: p.latest?.value ?? null, ts: p.latest?.ts ?? null };
      }),
    })),
  };
}
