import { z } from 'zod';
import { alarmLevel } from './alarm';
import { pageNumber, rowId } from './ids';

/**
 * Alarm notifications with escalation (issue 12 part 6, /system/sms-configuration, 短信配置).
 * A chain says which stations and alarm levels it covers; its steps say who is told, by which
 * channels, from how many minutes after the raise, and how often it is repeated while the alarm
 * stays unconfirmed. Every delivery, suppression and failure is logged with its reason.
 */

export const NOTIFY_CHANNELS = ['email', 'sms', 'inapp'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** What happened to one notification: delivered, held back on purpose, or the channel failed. */
export const NOTIFY_STATUSES = ['sent', 'suppressed', 'failed'] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];

/**
 * Why (log `reason`): `alarm` one event, `digest` several events of a station in one message,
 * `test` a test send, `notice` a station event other than an alarm (a work order's SLA) told
 * along the chains; `report` a subscribed report sent by e-mail; `quietHours` / `rateLimit` suppressions, `outOfScope` the recipient may
 * not see the station (organisation scope, as in the alarm lists); `noAddress` the user has no
 * e-mail or phone; `channelOff` the channel is not configured on the server; `error` the
 * channel refused (its detail in `detail`).
 */
export const NOTIFY_REASONS = [
  'alarm',
  'digest',
  'test',
  'notice',
  'report',
  'quietHours',
  'rateLimit',
  'outOfScope',
  'noAddress',
  'channelOff',
  'error',
] as const;
export type NotifyReason = (typeof NOTIFY_REASONS)[number];

export const NOTIFY_LIMITS = {
  name: 64,
  steps: 10,
  recipients: 200,
  /** Minutes: a step starts at most a week after the raise; repeats at most daily. */
  delayMinutesMax: 7 * 1440,
  repeatMinutesMax: 1440,
  windowMinutesMax: 1440,
  maxPerWindowMax: 1000,
  /** A digest lists this many of its alarms, then "and N more". */
  digestLines: 10,
} as const;

/** Rate limit of a station without its own row: per recipient, at most `max` messages per `windowMinutes`. */
export const NOTIFY_DEFAULT_RATE = { maxPerWindow: 10, windowMinutes: 10 } as const;

const minutes = (max: number) => z.number().int().min(0).max(max);

export const notifyStep = z.object({
  /** Minutes after the raise this step begins (escalation); the first step usually 0. */
  delayMinutes: minutes(NOTIFY_LIMITS.delayMinutesMax),
  /** Repeat to this step's recipients every N minutes while unconfirmed; 0 = once. */
  repeatMinutes: minutes(NOTIFY_LIMITS.repeatMinutesMax),
  channels: z.array(z.enum(NOTIFY_CHANNELS)).min(1).max(NOTIFY_CHANNELS.length),
  userIds: z.array(rowId).max(NOTIFY_LIMITS.recipients),
  /** Every enabled user holding one of these roles (groups). */
  roleIds: z.array(rowId).max(NOTIFY_LIMITS.recipients),
});
export type NotifyStep = z.infer<typeof notifyStep>;

const chainFields = {
  name: z.string().trim().min(1).max(NOTIFY_LIMITS.name),
  enabled: z.boolean(),
  /** Stations covered; empty = every station. */
  stationIds: z.array(rowId).max(10_000),
  /** Alarm levels covered (1 critical … 4 hint). */
  levels: z.array(alarmLevel).min(1).max(4),
  /** Stop notifying once the alarm recovered by itself, not only once confirmed. */
  stopOnRecovery: z.boolean(),
  steps: z.array(notifyStep).min(1).max(NOTIFY_LIMITS.steps),
};

/** Save a chain: without `id` a new one. Steps must start later one after another. */
export const notifyChainBody = z
  .object({ id: rowId.optional(), ...chainFields })
  .refine((c) => c.steps.every((s, i) => i === 0 || s.delayMinutes > (c.steps[i - 1]?.delayMinutes ?? 0)), {
    message: 'each step must begin later than the one before',
    path: ['steps'],
  })
  .refine((c) => c.steps.every((s) => s.userIds.length + s.roleIds.length > 0), {
    message: 'every step needs a recipient',
    path: ['steps'],
  });
export type NotifyChainBody = z.infer<typeof notifyChainBody>;

export const notifyChain = z.object({ id: z.number().int(), ...chainFields, updateTime: z.number().int() });
export type NotifyChainRow = z.infer<typeof notifyChain>;

const clockMinute = z.number().int().min(0).max(1439);

/**
 * A user's quiet hours: from `startMinute` to `endMinute` (minutes after local midnight in
 * `timezone`; may wrap past midnight) no e-mail or SMS is sent to them, except level-1
 * (critical) alarms when `allowCritical`. In-app messages are never held back (they make no noise).
 */
export const notifyQuietBody = z
  .object({
    userId: rowId,
    startMinute: clockMinute,
    endMinute: clockMinute,
    timezone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'unknown IANA time zone'),
    allowCritical: z.boolean(),
    enabled: z.boolean(),
  })
  .refine((q) => q.startMinute !== q.endMinute, { message: 'start and end must differ', path: ['endMinute'] });
export type NotifyQuietBody = z.infer<typeof notifyQuietBody>;
export const notifyQuiet = z.object({
  userId: z.number().int(),
  userName: z.string(),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  timezone: z.string(),
  allowCritical: z.boolean(),
  enabled: z.boolean(),
});
export type NotifyQuiet = z.infer<typeof notifyQuiet>;

/** A station's rate limit: per recipient at most `maxPerWindow` messages each `windowMinutes`. */
export const notifyRateBody = z.object({
  stationId: rowId,
  maxPerWindow: z.number().int().min(1).max(NOTIFY_LIMITS.maxPerWindowMax),
  windowMinutes: z.number().int().min(1).max(NOTIFY_LIMITS.windowMinutesMax),
});
export type NotifyRateBody = z.infer<typeof notifyRateBody>;
export const notifyRate = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  maxPerWindow: z.number().int(),
  windowMinutes: z.number().int(),
});

const named = z.object({ id: z.number().int(), name: z.string() });

/** Everything the configuration page shows and the choices it offers. */
export const notifyConfig = z.object({
  chains: z.array(notifyChain),
  quietHours: z.array(notifyQuiet),
  rates: z.array(notifyRate),
  defaultRate: z.object({ maxPerWindow: z.number().int(), windowMinutes: z.number().int() }),
  /** Channels the server can deliver on (e-mail and SMS need their settings in the environment). */
  channels: z.record(z.enum(NOTIFY_CHANNELS), z.boolean()),
  users: z.array(named.extend({ hasEmail: z.boolean(), hasPhone: z.boolean() })),
  roles: z.array(named),
  stations: z.array(named),
});
export type NotifyConfig = z.infer<typeof notifyConfig>;

export const notifyIdBody = z.object({ id: rowId });
export const notifyUserBody = z.object({ userId: rowId });
export const notifyStationBody = z.object({ stationId: rowId });

export const notifyTestBody = z.object({ userId: rowId, channel: z.enum(NOTIFY_CHANNELS) });
export const notifyTestResult = z.object({
  status: z.enum(NOTIFY_STATUSES),
  reason: z.enum(NOTIFY_REASONS),
  detail: z.string().nullable(),
});

export const notifyLogPageBody = z.object({
  pageNum: pageNumber(100_000).default(1),
  pageSize: pageNumber(500).default(20),
  stationId: rowId.optional(),
  status: z.enum(NOTIFY_STATUSES).optional(),
  channel: z.enum(NOTIFY_CHANNELS).optional(),
});
export type NotifyLogPageBody = z.infer<typeof notifyLogPageBody>;

export const notifyLogRow = z.object({
  id: z.number().int(),
  at: z.number().int(),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  chainId: z.number().int().nullable(),
  /** 1-based step of the chain (null for a test send). */
  step: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  channel: z.enum(NOTIFY_CHANNELS),
  /** The e-mail address or phone number used (null in-app). */
  address: z.string().nullable(),
  status: z.enum(NOTIFY_STATUSES),
  reason: z.enum(NOTIFY_REASONS),
  subject: z.string(),
  /** Alarm events it covered (a digest covers several). */
  eventIds: z.array(z.number().int()),
  detail: z.string().nullable(),
});
export type NotifyLogRow = z.infer<typeof notifyLogRow>;
export const notifyLogPage = z.object({ rows: z.array(notifyLogRow), total: z.number().int() });
