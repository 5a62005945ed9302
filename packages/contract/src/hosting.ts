import { z } from 'zod';
import { controlPassword } from './control-auth';
import { rowId } from './ids';
import { pageOf, pageQuery } from './paging';
import { strategySchedule } from './strategy';
import { clockTime } from './time-schema';
import { TOU_PERIODS } from './tou';

/**
 * Strategy hosting and review (托管与审核, issue 24 part 7): a station hands its daily strategy
 * to the platform. Before each day's deadline the platform forecasts load and PV and solves the
 * optimal schedule from the station's SOC; a reviewer approves or rejects it; an approved plan is
 * delivered as a plan curve at its start through the command service. No approval by the
 * deadline, a failed delivery or an active alarm at or above the set level returns the station to
 * its TOU rule, and the day says why (docs/hosting.md).
 */
export const HOSTING_PERMS = {
  query: 'strategicManagement:hosting:query',
  /** Settings and asking for a plan now. */
  edit: 'strategicManagement:hosting:edit',
  review: 'strategicManagement:hosting:review',
} as const;

/** pending → approved → delivering → delivered; or rejected, or fallback (with its reason). */
export const HOSTING_STATES = ['pending', 'approved', 'rejected', 'delivering', 'delivered', 'fallback'] as const;
export type HostingState = (typeof HOSTING_STATES)[number];
export const HOSTING_FALLBACKS = ['deadline', 'deliveryFailed', 'alarm', 'rejected', 'noTariff'] as const;
export type HostingFallback = (typeof HOSTING_FALLBACKS)[number];

export const HOSTING_DEFAULTS = { deadline: '22:00', alarmLevel: 2 } as const;
export const HOSTING_OPINION_MAX = 500;

export const hostingSettings = z.object({
  stationId: z.number().int(),
  enabled: z.boolean(),
  /** Station-local time on the day before a plan's day by which it must be approved. */
  deadline: clockTime,
  /** An active alarm of this level or more severe (1 critical … 4 hint) at delivery: back to the rule. */
  alarmLevel: z.number().int().min(1).max(4),
  updatedBy: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type HostingSettings = z.infer<typeof hostingSettings>;
export const hostingSettingsBody = z.object({
  stationId: rowId,
  enabled: z.boolean(),
  deadline: clockTime,
  alarmLevel: z.number().int().min(1).max(4),
});
export type HostingSettingsBody = z.infer<typeof hostingSettingsBody>;
export const hostingStationBody = z.object({ stationId: rowId });

export const hostingPageBody = pageQuery(['date'], { stationId: rowId });
/** A station's hosted days as a workbook, newest first. */
export const hostingExportBody = z.strictObject({ stationId: rowId });
export type HostingPageBody = z.input<typeof hostingPageBody>;

/** One hosted day as the list shows it. */
export const hostingDayRow = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  date: z.string(),
  state: z.enum(HOSTING_STATES),
  fallback: z.enum(HOSTING_FALLBACKS).nullable(),
  /** Why, in the caller's language (a command's own message where a delivery failed). */
  reason: z.string().nullable(),
  /** The approval deadline (epoch ms) and the plan's start (the day's first instant; now for a plan of today). */
  deadlineAt: z.number(),
  startAt: z.number(),
  /** SOC (%) the plan starts from: the station's when the plan was made, else its end-of-day target. */
  soc0: z.number(),
  socMeasured: z.boolean(),
  expectedRevenue: z.number(),
  ruleRevenue: z.number(),
  upliftPct: z.number().nullable(),
  currency: z.string(),
  reviewer: z.string().nullable(),
  opinion: z.string().nullable(),
  reviewedAt: z.number().nullable(),
  commandId: z.number().int().nullable(),
  deliveredAt: z.number().nullable(),
  createdAt: z.number(),
  /** Revenue the day earned by the meters (null: no readings yet); partial while the day runs. */
  actualRevenue: z.number().nullable(),
  actualPartial: z.boolean(),
  /** Mean absolute error of the load forecast against the day's metered load so far, % of mean load (null: no data). */
  forecastErrorPct: z.number().nullable(),
});
export type HostingDayRow = z.infer<typeof hostingDayRow>;
export const hostingPage = pageOf(hostingDayRow);

/** A day with its plan beside the rule schedule and the forecasts they were solved on. */
export const hostingDayDetail = hostingDayRow.extend({
  timezone: z.string(),
  /** The TOU period of each quarter hour of the day (the tariff in force that day). */
  periods: z.array(z.enum(TOU_PERIODS)),
  plan: strategySchedule,
  rule: strategySchedule,
  loadKw: z.array(z.number()),
  pvKw: z.array(z.number()),
  /** The day's metered load so far, per quarter hour (null: not yet or no reading): the forecast's error. */
  actualLoadKw: z.array(z.number().nullable()),
});
export type HostingDayDetail = z.infer<typeof hostingDayDetail>;
export const hostingDayBody = z.object({ id: rowId });

export const hostingReviewBody = controlPassword.extend({
  id: rowId,
  approve: z.boolean(),
  opinion: z.string().trim().max(HOSTING_OPINION_MAX).default(''),
});
export type HostingReviewBody = z.infer<typeof hostingReviewBody>;

/** Ask for a plan now: of today from the current quarter hour (`today`), or of tomorrow. */
export const hostingPlanBody = z.object({ stationId: rowId, day: z.enum(['today', 'tomorrow']).default('tomorrow') });
export type HostingPlanBody = z.infer<typeof hostingPlanBody>;
