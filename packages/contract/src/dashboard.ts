import { z } from 'zod';
import { alarmLevel } from './alarm';
import { pointCode, pointMeta } from './device-api';
import { rowId } from './ids';
import { stationSummary } from './live';
import { curveSeries, deviceStatusSummary, SITE_STATUSES } from './monitoring-api';
import { PROVINCE_CODES } from './provinces';
import { epochMs } from './time-schema';

/**
 * Dashboards (issue 25 part 5, /surveillance/dashboard; docs/dashboards.md): a user's grid of
 * widgets over stations in their scope, shared read-only to roles, published without sign-in
 * through a revocable link (/dashboard-test, /dashboard-zhongzi) that shows only its widgets.
 */
export const DASHBOARD_PERMS = {
  /** Share one's dashboards with roles (read-only for their members). */
  share: 'surveillance:dashboard:share',
  /** Publish a dashboard through a link without sign-in, and revoke the link. */
  publish: 'surveillance:dashboard:publish',
} as const;

export const WIDGET_KINDS = ['kpi', 'curve', 'energyFlow', 'alarms', 'map', 'devices', 'points'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
/** Widgets that show one station; the others show one station or the fleet (`stationId` null). */
export const STATION_WIDGETS: ReadonlySet<WidgetKind> = new Set(['curve', 'energyFlow', 'devices', 'points']);

export const KPI_METRICS = [
  'storagePower',
  'soc',
  'todayCharge',
  'todayDischarge',
  'todayRevenue',
  'capacity',
  'onlineRate',
  'activeAlarms',
] as const;
export type KpiMetric = (typeof KPI_METRICS)[number];

/** The grid: 12 columns; a widget spans `w` of them and `h` rows of DASHBOARD_ROW_PX. */
export const DASHBOARD_COLUMNS = 12;
export const DASHBOARD_ROW_PX = 120;
export const WIDGET_WIDTHS = [3, 4, 6, 8, 12] as const;
export const WIDGET_MAX_ROWS = 6;
export const DASHBOARD_MAX_WIDGETS = 24;
/** Points one curve widget draws. */
export const CURVE_MAX_POINTS = 8;
/** Dashboards a user owns. */
export const DASHBOARDS_PER_USER = 30;
/** Active alarms an alarm widget lists. */
export const WIDGET_ALARM_ROWS = 10;

const widgetBase = {
  /** The widget's key within its dashboard (the builder makes it). */
  key: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, 'letters, digits, _ and -'),
  title: z.string().trim().max(40).optional(),
  w: z.union(WIDGET_WIDTHS.map((w) => z.literal(w))),
  h: z.number().int().min(1).max(WIDGET_MAX_ROWS),
};
const fleetOrStation = rowId.nullable();

export const dashboardWidget = z.discriminatedUnion('kind', [
  z.strictObject({ ...widgetBase, kind: z.literal('kpi'), stationId: fleetOrStation, metric: z.enum(KPI_METRICS) }),
  z.strictObject({
    ...widgetBase,
    kind: z.literal('curve'),
    stationId: rowId,
    points: z
      .array(z.strictObject({ deviceId: rowId, code: pointCode }))
      .min(1)
      .max(CURVE_MAX_POINTS)
      .refine((ps) => new Set(ps.map((p) => `${p.deviceId}/${p.code}`)).size === ps.length, 'each point once'),
  }),
  z.strictObject({ ...widgetBase, kind: z.literal('energyFlow'), stationId: rowId }),
  z.strictObject({ ...widgetBase, kind: z.literal('alarms'), stationId: fleetOrStation }),
  z.strictObject({ ...widgetBase, kind: z.literal('map'), stationId: fleetOrStation }),
  z.strictObject({ ...widgetBase, kind: z.literal('devices'), stationId: rowId }),
  /** Every point of every device of the station, live while signed in (a wall of a whole plant). */
  z.strictObject({ ...widgetBase, kind: z.literal('points'), stationId: rowId }),
]);
export type DashboardWidget = z.infer<typeof dashboardWidget>;

const widgets = z
  .array(dashboardWidget)
  .max(DASHBOARD_MAX_WIDGETS)
  .refine((ws) => new Set(ws.map((w) => w.key)).size === ws.length, 'widget keys must be unique');

const name = z.string().trim().min(1).max(64);
export const dashboardAddBody = z.strictObject({ name, widgets });
export const dashboardUpdateBody = z.strictObject({ id: rowId, name, widgets });
export const dashboardIdBody = z.strictObject({ id: rowId });
export const dashboardShareBody = z.strictObject({ id: rowId, roleIds: z.array(rowId).max(50) });
export const dashboardTokenBody = z.strictObject({ token: z.string().min(20).max(128) });

/** A dashboard as its owner or a role member sees it in the list. */
export const dashboardRow = z.object({
  id: z.number().int(),
  name: z.string(),
  widgets: z.array(dashboardWidget),
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** The caller's own (editable) or shared with one of their roles (read-only). */
  mine: z.boolean(),
  roleIds: z.array(z.number().int()),
  /** When its link was made; null: not published. */
  publishedAt: epochMs.nullable(),
  updatedAt: epochMs,
});
export type DashboardRow = z.infer<typeof dashboardRow>;

/** A role a dashboard can be shared with: the caller's own (an administrator's: every enabled role). */
export const shareableRole = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type ShareableRole = z.infer<typeof shareableRole>;

/** A link made: the token is shown this once (only its hash is kept). */
export const dashboardPublished = z.object({ token: z.string(), publishedAt: epochMs });

/** What a widget shows now; `error` instead when it cannot be shown to this viewer. */
const kpiData = z.object({
  kind: z.literal('kpi'),
  metric: z.enum(KPI_METRICS),
  value: z.number().nullable(),
  /** For money: the currency; for the fleet's revenue, stations in other currencies are left out. */
  currency: z.string().nullable(),
  /** Stations the figure covers. */
  stations: z.number().int(),
});
const curveData = z.object({
  kind: z.literal('curve'),
  timezone: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  series: z.array(curveSeries),
  /** The devices of the points, by id: the legend tells two devices' points of one name apart. */
  devices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
const flowData = z.object({ kind: z.literal('energyFlow'), summary: stationSummary, ratedKw: z.number() });
export const widgetAlarm = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  timezone: z.string(),
  deviceName: z.string().nullable(),
  level: alarmLevel,
  content: z.string(),
  raisedAt: z.number().int(),
});
export type WidgetAlarm = z.infer<typeof widgetAlarm>;
const alarmsData = z.object({ kind: z.literal('alarms'), rows: z.array(widgetAlarm), total: z.number().int() });
export const mapMarker = z.object({
  id: z.number().int(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  provinceCode: z.enum(PROVINCE_CODES).nullable(),
  capacityKwh: z.number(),
  status: z.enum(SITE_STATUSES),
});
export type MapMarker = z.infer<typeof mapMarker>;
const mapData = z.object({ kind: z.literal('map'), markers: z.array(mapMarker), focus: z.number().int().nullable() });
const devicesData = z.object({ kind: z.literal('devices'), status: deviceStatusSummary });
/** A point of a point-table widget: what formats its value (unit, precision, state labels) and its newest sample. */
export const widgetPoint = pointMeta
  .pick({ code: true, name: true, unit: true, precision: true, states: true })
  .extend({
    value: z.number().nullable(),
    ts: z.number().int().nullable(),
  });
export type WidgetPoint = z.infer<typeof widgetPoint>;
const pointsData = z.object({
  kind: z.literal('points'),
  stationId: z.number().int(),
  timezone: z.string(),
  devices: z.array(z.object({ id: z.number().int(), name: z.string(), sn: z.string(), points: z.array(widgetPoint) })),
});
const widgetError = z.object({
  kind: z.enum(WIDGET_KINDS),
  /** outOfScope: the station or device is not (or no longer) in the viewer's scope; gone: a point was removed. */
  error: z.enum(['outOfScope', 'gone']),
});
export const widgetData = z.union([
  kpiData,
  curveData,
  flowData,
  alarmsData,
  mapData,
  devicesData,
  pointsData,
  widgetError,
]);
export type WidgetData = z.infer<typeof widgetData>;

/** Every widget's data by key, read at `at`, with the names and zones of the stations shown (titles, clocks). */
export const dashboardData = z.object({
  at: epochMs,
  stations: z.array(z.object({ id: z.number().int(), name: z.string(), timezone: z.string() })),
  widgets: z.record(z.string(), widgetData),
});
export type DashboardData = z.infer<typeof dashboardData>;

/** A published dashboard as its link shows it: its layout and data, nothing of who made it. */
export const publicDashboard = z.object({
  name: z.string(),
  widgets: z.array(dashboardWidget),
  data: dashboardData,
});
export type PublicDashboard = z.infer<typeof publicDashboard>;

/**
 * The household view (/family): one home's PV, battery, load and grid now and today, and what
 * the battery saved, through a station's revocable link. Energy in kWh on the station's day so
 * far; grid import is the gateway meter's forward counter, export its reverse.
 */
export const familyView = z.object({
  stationName: z.string(),
  timezone: z.string(),
  /** The station's local date the day figures are of (so far: the day is running). */
  date: z.string(),
  ratedKw: z.number(),
  capacityKwh: z.number(),
  summary: stationSummary,
  today: z.object({
    pvKwh: z.number().nullable(),
    chargeKwh: z.number().nullable(),
    dischargeKwh: z.number().nullable(),
    gridImportKwh: z.number().nullable(),
    gridExportKwh: z.number().nullable(),
    loadKwh: z.number().nullable(),
  }),
  /** The battery's time-of-use shifting today and this month so far (the home page's revenue). */
  savingsToday: z.number().nullable(),
  savingsMonth: z.number().nullable(),
  currency: z.string(),
});
export type FamilyView = z.infer<typeof familyView>;
export const familyStationBody = z.strictObject({ stationId: rowId });
export const familyLinkState = z.object({ stationId: z.number().int(), publishedAt: epochMs.nullable() });
