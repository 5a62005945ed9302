import { z } from 'zod';
import { rowId } from './ids';
import { STATEMENT_FORMATS } from './statement';

/**
 * Reports that leave on their own (issue 24 part 8): a user subscribes to the earnings statement
 * or the carbon report of chosen stations, daily, weekly or monthly, in a format, and receives it
 * by e-mail as an attachment at a local hour of the stations' clock — once per period whatever
 * the number of instances, each delivery in the notification log (docs/statement.md
 * "Subscriptions").
 */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
/** The reports one subscribes to: the earnings statement (PDF, Excel, CSV), the carbon report (Excel, CSV). */
export const SUBSCRIBED_REPORTS = ['statement', 'carbon'] as const;
export type SubscribedReport = (typeof SUBSCRIBED_REPORTS)[number];
/** The formats each report is made in: the carbon report is a table, not a document. */
export const SUBSCRIBED_FORMATS: Record<SubscribedReport, readonly (typeof STATEMENT_FORMATS)[number][]> = {
  statement: STATEMENT_FORMATS,
  carbon: ['xlsx', 'csv'],
};
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const SUBSCRIPTION_LIMITS = { stations: 50, perUser: 20 } as const;

const fields = {
  report: z.enum(SUBSCRIBED_REPORTS).default('statement'),
  frequency: z.enum(REPORT_FREQUENCIES),
  stationIds: z.array(rowId).min(1).max(SUBSCRIPTION_LIMITS.stations),
  format: z.enum(STATEMENT_FORMATS),
  /** The local hour (station clock of the first station) it is sent at, after its period ended. */
  hour: z.number().int().min(0).max(23).default(7),
  enabled: z.boolean().default(true),
};
/** A format the report is not made in is refused (the carbon report has no PDF). */
const formatOfReport = <T extends { report: SubscribedReport; format: (typeof STATEMENT_FORMATS)[number] }>(v: T) =>
  SUBSCRIBED_FORMATS[v.report].includes(v.format);
const formatRule = { message: 'this report is not made in this format', path: ['format'] };
export const subscriptionBody = z.object(fields).refine(formatOfReport, formatRule);
export type SubscriptionBody = z.infer<typeof subscriptionBody>;
export const subscriptionUpdateBody = z.object({ id: rowId, ...fields }).refine(formatOfReport, formatRule);
export const subscriptionIdBody = z.object({ id: rowId });

export const subscriptionRow = z.object({
  id: z.number().int(),
  report: z.enum(SUBSCRIBED_REPORTS),
  frequency: z.enum(REPORT_FREQUENCIES),
  stationIds: z.array(z.number().int()),
  stationNames: z.array(z.string()),
  format: z.enum(STATEMENT_FORMATS),
  hour: z.number().int(),
  /** The clock the hour and the periods are read on (the first station's). */
  timezone: z.string(),
  enabled: z.boolean(),
  /** The address it goes to: the subscriber's e-mail (null: none set, nothing can be sent). */
  email: z.string().nullable(),
  /** The last period sent (a date, the Monday of a week, or a month) and how it went. */
  lastPeriod: z.string().nullable(),
  lastSentAt: z.number().nullable(),
  lastStatus: z.enum(['sent', 'failed']).nullable(),
  lastDetail: z.string().nullable(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;
export const subscriptionList = z.array(subscriptionRow);
export const subscriptionSendResult = z.object({
  period: z.string(),
  status: z.enum(['sent', 'failed']),
  detail: z.string().nullable(),
});
