/**
 * Request and response shapes of the history-curve extras: saved curve sets (spec 7
 * `hisCurveRelate`), the curve export, and the point and curve configuration of a page location
 * (spec 5 and 7 `dynamicConfig`). See docs/api.md "History curves and page configuration".
 */
import { z } from 'zod';
import { MAX_INDICATORS } from './constants';
import { DEVICE_STATUSES, POINT_KINDS } from './device';
import { pointCode } from './device-api';
import { pageNumber, rowId } from './ids';
import { MAX_CURVE_SPAN_MS } from './monitoring-api';
import { epochMs } from './time-schema';

/** One indicator of a history chart: a point of a device. */
export const curveItem = z.object({ deviceId: rowId, code: pointCode });
export type CurveItem = z.infer<typeof curveItem>;

const itemKey = (i: { deviceId: number; code: string }) => `${i.deviceId}.${i.code}`;
const unique =
  <T>(key: (x: T) => string) =>
  (xs: T[]) =>
    new Set(xs.map(key)).size === xs.length;

/** 1 to 50 distinct indicators (spec 9 "at most 50 indicators"). */
export const curveItems = z.array(curveItem).min(1).max(MAX_INDICATORS).refine(unique(itemKey), 'items must be unique');

// ---- Saved curve sets (历史曲线关联, personal, per station) ----

/** How many sets one user may keep for one station. */
export const MAX_CURVE_SETS = 100;

export const curveSetName = z.string().trim().min(1).max(64);

/** Saves a named set; with `id` it replaces that set of the caller. */
export const curveSetAddBody = z.object({
  id: rowId.optional(),
  stationId: rowId,
  name: curveSetName,
  items: curveItems,
});
export type CurveSetAddBody = z.infer<typeof curveSetAddBody>;

export const curveSetPageBody = z.object({
  stationId: rowId,
  pageNum: pageNumber(100_000).default(1),
  pageSize: pageNumber(MAX_CURVE_SETS).default(MAX_CURVE_SETS),
  /** Part of the name. */
  name: z.string().trim().max(64).optional(),
});

export const curveSetDeleteBody = z.object({ id: rowId });

/** An item of a saved set with today's names; `available` false once its device or point is gone. */
export const curveSetItemView = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  deviceName: z.string().nullable(),
  sn: z.string().nullable(),
  pointName: z.string().nullable(),
  unit: z.string().nullable(),
  available: z.boolean(),
});
export type CurveSetItemView = z.infer<typeof curveSetItemView>;

export const curveSet = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  name: z.string(),
  items: z.array(curveSetItemView),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CurveSet = z.infer<typeof curveSet>;

export const curveSetPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(curveSet),
});
export type CurveSetPage = z.infer<typeof curveSetPage>;

// ---- Curve export ----

export const CURVE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CurveExportFormat = (typeof CURVE_EXPORT_FORMATS)[number];

const spanOk = (v: { from: number; to: number }) => v.to > v.from && v.to - v.from <= MAX_CURVE_SPAN_MS;
const spanIssue = { message: 'to must be after from, at most five years later', path: ['to'] };

/**
 * The chart's series as a file, at the resolution the chart reads: indicators of any devices of
 * one station (`stationId` + `items`), or points of one device (`deviceId` + `points`).
 */
export const curveExportBody = z.union([
  z
    .object({
      stationId: rowId,
      items: curveItems,
      from: epochMs,
      to: epochMs,
      format: z.enum(CURVE_EXPORT_FORMATS),
    })
    .refine(spanOk, spanIssue),
  z
    .object({
      deviceId: rowId,
      points: z
        .array(pointCode)
        .min(1)
        .max(MAX_INDICATORS)
        .refine(
          unique((c: string) => c),
          'point codes must be unique',
        ),
      from: epochMs,
      to: epochMs,
      format: z.enum(CURVE_EXPORT_FORMATS),
    })
    .refine(spanOk, spanIssue),
]);
export type CurveExportBody = z.infer<typeof curveExportBody>;

// ---- Point and curve configuration of a page location (spec 5, 7 dynamicConfig) ----

const location = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : - (at most 64)');

/**
 * Where a configuration belongs: a page location and a block (div) of it, the station, and the
 * menu id of the route (`permissionId`, spec 6; ignored for STATION_SKIP_PERMISSION).
 */
export const pageConfigKey = z.object({
  stationId: rowId,
  pageLocation: location,
  divLocation: location,
  permissionId: rowId.nullish(),
});
export type PageConfigKey = z.infer<typeof pageConfigKey>;

const label = z.string().trim().max(64).nullish();

/**
 * A row as the dialog saves it: the device source it was chosen from (`deviceId`, required:
 * spec 5) and the point's id (`flgId` of queryPoint). `dragId` is the client's row key.
 */
const configRowInput = z.object({
  deviceId: rowId,
  flgId: rowId,
  dragId: z.string().max(64).optional(),
});

const rows = <T extends z.ZodType<{ deviceId: number; flgId: number }>>(row: T) =>
  z
    .array(row)
    .max(MAX_INDICATORS)
    .refine(
      unique((r: { deviceId: number; flgId: number }) => String(r.flgId)),
      'a point may appear once',
    );

/** Replaces the curve rows of the location, in the order given (empty clears them). */
export const addCurveListBody = pageConfigKey.extend({
  list: rows(configRowInput.extend({ curveName: label })),
});
/** Replaces the point rows of the location, in the order given (empty clears them). */
export const addPointListBody = pageConfigKey.extend({
  list: rows(configRowInput.extend({ name: label })),
});

const configRowBase = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string(),
  /** The point id and code (`col`) with its name in the request language. */
  flgId: z.number().int(),
  col: z.string(),
  colName: z.string(),
  unit: z.string().nullable(),
  kind: z.enum(POINT_KINDS),
  precision: z.number().int(),
  /** Labels of a status point's values (value → label), so live values can be shown as text. */
  states: z.record(z.string(), z.string()).nullable(),
  sort: z.number().int(),
});

export const curveConfigRow = configRowBase.extend({ curveName: z.string().nullable() });
export type CurveConfigRow = z.infer<typeof curveConfigRow>;

export const pointConfigRow = configRowBase.extend({ name: z.string().nullable() });
export type PointConfigRow = z.infer<typeof pointConfigRow>;

/** A configured point with its newest value (`text`: the state label of a status value). */
export const pointConfigData = pointConfigRow.extend({
  status: z.enum(DEVICE_STATUSES),
  value: z.number().nullable(),
  ts: z.number().int().nullable(),
  text: z.string().nullable(),
});
export type PointConfigData = z.infer<typeof pointConfigData>;
