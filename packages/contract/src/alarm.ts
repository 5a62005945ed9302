import { z } from 'zod';
import { DEVICE_TYPES } from './device';
import { pointCode } from './device-api';
import { pageNumber, rowId } from './ids';
import { curveSeries } from './monitoring-api';
import { epochMs } from './time-schema';

/**
 * The alarm centre (spec 3 "Alarm", issue 12): definitions per device type or device and point,
 * station overrides, events raised on ingest. An event is active until it recovers and
 * unconfirmed until someone confirms it; the real-time list is active OR unconfirmed.
 */

/** gt ≥ … compare with `threshold`; `outside` = below threshold or above threshold2;
 * `bit` = bit `threshold` (0–31) of the value set; `nodata` = no value for `threshold` seconds. */
export const ALARM_CONDITIONS = ['gt', 'ge', 'lt', 'le', 'eq', 'ne', 'outside', 'bit', 'nodata'] as const;
export type AlarmCondition = (typeof ALARM_CONDITIONS)[number];

/** Alarm levels (dictionary `alarmLevel`): 1 critical, 2 major, 3 minor, 4 hint. */
export const ALARM_LEVELS = [1, 2, 3, 4] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];
export const alarmLevel = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/**
 * What raised an event: a definition, a device going offline, a station losing contact, an
 * executing plan curve off its plan (dispatch deviation, docs/control-precedence.md).
 */
export const ALARM_KINDS = ['rule', 'offline', 'lost', 'deviation'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** Ranges of a definition (spec 5 numbers: −99,999,999…99,999,999). */
export const ALARM_LIMITS = {
  name: 64,
  content: 200,
  remark: 200,
  value: 99_999_999,
  holdSeconds: 86_400,
  bitMax: 31,
  nodataSecondsMax: 86_400,
  confirmBatch: 500,
} as const;

/** Placeholders a content template may use; the engine fills them in at raise time. */
export const ALARM_PLACEHOLDERS = ['{device}', '{point}', '{value}', '{limit}', '{station}'] as const;

const limitedNumber = z.number().finite().min(-ALARM_LIMITS.value).max(ALARM_LIMITS.value);

const definitionFields = {
  name: z.string().trim().min(1).max(ALARM_LIMITS.name),
  /** One device, or (with deviceType) every device of that type in the group. */
  deviceId: rowId.nullish(),
  deviceType: z.enum(DEVICE_TYPES).nullish(),
  pointCode,
  condition: z.enum(ALARM_CONDITIONS),
  /** The limit; the bit index for `bit`; seconds without data for `nodata`. */
  threshold: limitedNumber,
  /** Upper limit of `outside` (> threshold); ignored otherwise. */
  threshold2: limitedNumber.nullish(),
  /** How long the condition must hold (by the values' timestamps) before the alarm is raised. */
  holdSeconds: z.number().int().min(0).max(ALARM_LIMITS.holdSeconds),
  /** Recovery needs the value this far back past the limit (gt 50, deadband 2: below 48). */
  deadband: z.number().finite().min(0).max(ALARM_LIMITS.value),
  level: alarmLevel,
  /** Text of the event; may use {device} {point} {value} {limit} {station}. */
  content: z.string().trim().min(1).max(ALARM_LIMITS.content),
  enabled: z.boolean(),
};

export const alarmDefinitionBody = z.object(definitionFields);
export type AlarmDefinitionBody = z.infer<typeof alarmDefinitionBody>;
export const alarmDefinitionUpdateBody = z.object({ id: rowId, ...definitionFields });
export type AlarmDefinitionUpdateBody = z.infer<typeof alarmDefinitionUpdateBody>;

/** Why a definition is not acceptable beyond its field ranges (the server answers each in four languages). */
export type AlarmDefinitionProblem =
  | 'target'
  | 'threshold2Required'
  | 'threshold2Order'
  | 'bitIndex'
  | 'nodataSeconds'
  | 'holdNodata';

/**
 * Rules between fields, shared by the server (which refuses with a localized message) and the
 * web form: exactly one of device and device type; `outside` needs threshold2 > threshold;
 * `bit` an integer index 0–31; `nodata` whole seconds 1–86,400 (and no hold time of its own).
 */
export function alarmDefinitionProblem(
  d: Pick<AlarmDefinitionBody, 'deviceId' | 'deviceType' | 'condition' | 'threshold' | 'threshold2' | 'holdSeconds'>,
): AlarmDefinitionProblem | null {
  if ((d.deviceId == null) === (d.deviceType == null)) return 'target';
  const t = alarmThresholdProblem(d.condition, d.threshold, d.threshold2);
  if (t) return t;
  if (d.condition === 'nodata' && d.holdSeconds !== 0) return 'holdNodata';
  return null;
}

/** The threshold rules alone (also checked for a station's override of a definition). */
export function alarmThresholdProblem(
  condition: AlarmCondition,
  threshold: number,
  threshold2: number | null | undefined,
): AlarmDefinitionProblem | null {
  if (condition === 'outside') {
    if (threshold2 == null) return 'threshold2Required';
    if (!(threshold2 > threshold)) return 'threshold2Order';
  }
  if (condition === 'bit' && !(Number.isInteger(threshold) && threshold >= 0 && threshold <= ALARM_LIMITS.bitMax))
    return 'bitIndex';
  if (
    condition === 'nodata' &&
    !(Number.isInteger(threshold) && threshold >= 1 && threshold <= ALARM_LIMITS.nodataSecondsMax)
  )
    return 'nodataSeconds';
  return null;
}

export const alarmDefinition = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceId: z.number().int().nullable(),
  /** The device's name when `deviceId` is set. */
  deviceName: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  pointCode: z.string(),
  condition: z.enum(ALARM_CONDITIONS),
  threshold: z.number(),
  threshold2: z.number().nullable(),
  holdSeconds: z.number().int(),
  deadband: z.number(),
  level: alarmLevel,
  content: z.string(),
  enabled: z.boolean(),
  updateTime: z.number().int(),
});
export type AlarmDefinition = z.infer<typeof alarmDefinition>;

const paging = {
  pageNum: pageNumber(100_000).default(1),
  pageSize: pageNumber(500).default(20),
};

export const alarmDefinitionPageBody = z.object({
  ...paging,
  /** Part of the name, point code or content. */
  keyword: z.string().trim().max(100).optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  enabled: z.boolean().optional(),
});
export type AlarmDefinitionPageBody = z.infer<typeof alarmDefinitionPageBody>;
export const alarmDefinitionPage = z.object({ rows: z.array(alarmDefinition), total: z.number().int() });

export const alarmIdsBody = z.object({ ids: z.array(rowId).min(1).max(ALARM_LIMITS.confirmBatch) });
export const alarmIdBody = z.object({ id: rowId });

/** Group level of the alarm configuration: a definition's threshold, level and enablement. */
export const alarmGroupConfigBody = z.object({
  definitionId: rowId,
  threshold: limitedNumber,
  threshold2: limitedNumber.nullish(),
  level: alarmLevel,
  enabled: z.boolean(),
});
export type AlarmGroupConfigBody = z.infer<typeof alarmGroupConfigBody>;

/** Station level: what a station changes of a definition; a null field keeps the group value. */
export const alarmStationOverrideBody = z.object({
  stationId: rowId,
  definitionId: rowId,
  threshold: limitedNumber.nullish(),
  threshold2: limitedNumber.nullish(),
  level: alarmLevel.nullish(),
  enabled: z.boolean().nullish(),
});
export type AlarmStationOverrideBody = z.infer<typeof alarmStationOverrideBody>;
export const alarmStationOverrideKey = z.object({ stationId: rowId, definitionId: rowId });

/** One rule as it applies at a station: the definition's values with the station's override over them. */
export const alarmEffectiveRule = z.object({
  definitionId: z.number().int(),
  name: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  pointCode: z.string(),
  condition: z.enum(ALARM_CONDITIONS),
  holdSeconds: z.number().int(),
  deadband: z.number(),
  content: z.string(),
  threshold: z.number(),
  threshold2: z.number().nullable(),
  level: alarmLevel,
  enabled: z.boolean(),
  /** The station's override, null when the station follows the group. */
  override: z
    .object({
      threshold: z.number().nullable(),
      threshold2: z.number().nullable(),
      level: alarmLevel.nullable(),
      enabled: z.boolean().nullable(),
    })
    .nullable(),
  /** Devices of the station the rule watches. */
  deviceCount: z.number().int(),
});
export type AlarmEffectiveRule = z.infer<typeof alarmEffectiveRule>;

/** An alarm event (spec 3 "Alarm": status, time, station, device type, content, confirmer, confirm time, remark, level). */
export const alarmEvent = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  kind: z.enum(ALARM_KINDS),
  definitionId: z.number().int().nullable(),
  pointCode: z.string().nullable(),
  pointName: z.string().nullable(),
  /** The value that raised it (null for offline and lost contact). */
  value: z.number().nullable(),
  /** The limit it crossed. */
  limit: z.number().nullable(),
  level: alarmLevel,
  content: z.string(),
  raisedAt: z.number().int(),
  recoveredAt: z.number().int().nullable(),
  confirmed: z.boolean(),
  /** Who confirmed (real name, else user name). */
  confirmer: z.string().nullable(),
  confirmedAt: z.number().int().nullable(),
  remark: z.string().nullable(),
});
export type AlarmEvent = z.infer<typeof alarmEvent>;

/** The work order of an alarm: the running one, else the newest (issue 23: alarm rows show it). */
export const alarmWorkOrder = z.object({ id: z.number().int(), number: z.string() });
export type AlarmWorkOrder = z.infer<typeof alarmWorkOrder>;
/** A row of the real-time and history lists: the event and its work order (null: none yet). */
export const alarmListRow = alarmEvent.extend({ workOrder: alarmWorkOrder.nullable() });
export type AlarmListRow = z.infer<typeof alarmListRow>;
export const alarmEventPage = z.object({ rows: z.array(alarmListRow), total: z.number().int() });
export type AlarmEventPage = z.infer<typeof alarmEventPage>;

export const alarmRealtimePageBody = z.object({ stationId: rowId, ...paging });
export type AlarmRealtimePageBody = z.infer<typeof alarmRealtimePageBody>;

/** History filters: status active/recovered, confirmed yes/no. */
export const ALARM_STATES = ['active', 'recovered'] as const;
/** At most this span per history query or export (a year and a day). */
export const ALARM_HISTORY_MAX_MS = 366 * 86_400_000;
const historyFields = {
  stationId: rowId,
  /** Raised at or after `from`, before `to` (epoch ms). */
  from: epochMs,
  to: epochMs,
  deviceType: z.enum(DEVICE_TYPES).optional(),
  level: alarmLevel.optional(),
  status: z.enum(ALARM_STATES).optional(),
  confirmed: z.boolean().optional(),
};
const historyRange = (b: { from: number; to: number }) => b.from <= b.to && b.to - b.from <= ALARM_HISTORY_MAX_MS;
const historyRangeIssue = { message: 'from must not be after to, at most 366 days', path: ['to'] };

export const alarmHistoryPageBody = z.object({ ...historyFields, ...paging }).refine(historyRange, historyRangeIssue);
export type AlarmHistoryPageBody = z.infer<typeof alarmHistoryPageBody>;

export const ALARM_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** At most this many rows in one export. */
export const ALARM_EXPORT_MAX_ROWS = 50_000;
export const alarmHistoryExportBody = z
  .object({ ...historyFields, format: z.enum(ALARM_EXPORT_FORMATS) })
  .refine(historyRange, historyRangeIssue);
export type AlarmHistoryExportBody = z.infer<typeof alarmHistoryExportBody>;

export const alarmConfirmBody = z.object({
  ids: z.array(rowId).min(1).max(ALARM_LIMITS.confirmBatch),
  remark: z.string().trim().max(ALARM_LIMITS.remark).default(''),
});
export type AlarmConfirmBody = z.infer<typeof alarmConfirmBody>;
/** How many of the ids were confirmed now (the others were already confirmed). */
export const alarmConfirmResult = z.object({ confirmed: z.number().int() });

/** Minutes of the point's curve shown before and after the raise time in the detail. */
export const ALARM_DETAIL_WINDOW_MS = 30 * 60_000;
export const alarmEventDetail = z.object({
  event: alarmEvent,
  /** The point around the raise time (−30 min … +30 min, or until now), null without a point. */
  curve: z.object({ from: z.number().int(), to: z.number().int(), series: curveSeries }).nullable(),
});
export type AlarmEventDetail = z.infer<typeof alarmEventDetail>;
