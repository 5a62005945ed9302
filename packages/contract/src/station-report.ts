/**
 * The station statistics report (统计报表): a daily or monthly table of one station's energy,
 * efficiency, revenue, SOC range and device online rate (docs/api.md "Station statistics report").
 * Energy in kWh from meter counters (never sums of sampled power), money in the template's currency.
 */
import { z } from 'zod';
import { rowId } from './ids';
import { MAX_INCOME_DAYS } from './monitoring-api';
import { localDate } from './time-schema';

export const REPORT_GRANULARITIES = ['day', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;

const reportQuery = z.object({
  stationId: rowId,
  granularity: z.enum(REPORT_GRANULARITIES),
  /** Local dates of the station; a monthly report groups the days of [from, to] by month. */
  from: localDate,
  to: localDate,
});

const spanOk = (v: { from: string; to: string }) =>
  v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_INCOME_DAYS;
const spanIssue = { message: `from must not be after to, at most ${MAX_INCOME_DAYS} days`, path: ['to'] };

export const stationReportBody = reportQuery.refine(spanOk, spanIssue);
export type StationReportBody = z.infer<typeof stationReportBody>;

export const stationReportExportBody = reportQuery.extend({ format: z.enum(REPORT_FORMATS) }).refine(spanOk, spanIssue);
export type StationReportExportBody = z.infer<typeof stationReportExportBody>;

/** One day or month. A value is null when its source has no data then (or is not configured). */
export const stationReportRow = z.object({
  /** `YYYY-MM-DD`, `YYYY-MM`, or `total` for the range's total. */
  period: z.string(),
  /** Any reading in the period: a meter counter, the station SOC or a device heartbeat. */
  hasData: z.boolean(),
  /** Storage meter: reverse counter = charged, forward = discharged. */
  chargeKwh: z.number().nullable(),
  dischargeKwh: z.number().nullable(),
  /**
   * Discharged / charged energy over the period's whole days only, in % (`wholeDayEfficiency`);
   * null when no whole day charged — a partial day has no efficiency of its own.
   */
  efficiency: z.number().nullable(),
  /**
   * Some day of the period is not whole (today so far, the first day of data, a gap, days before
   * the station reported): its energies cover only part of it, and it is left out of efficiency.
   */
  partial: z.boolean(),
  /** Days of the period, and those that are whole (`isWholeDay`). */
  days: z.number().int(),
  wholeDays: z.number().int(),
  /** Share (%) of the period's quarter-hours in which the storage meter read; null before any day ended or began. */
  storageCoverage: z.number().nullable(),
  /** PV meter forward counter. */
  pvKwh: z.number().nullable(),
  /** Load meter forward counter. */
  loadKwh: z.number().nullable(),
  /** Gateway meter: forward = import from the grid, reverse = export to it. */
  gridImportKwh: z.number().nullable(),
  gridExportKwh: z.number().nullable(),
  /** Arbitrage revenue under the station's TOU template (null without one). */
  revenue: z.number().nullable(),
  /** Extremes of the station SOC (%) from its daily roll-ups. */
  socMax: z.number().nullable(),
  socMin: z.number().nullable(),
  /**
   * Share (%) of device quarter-hours with data: each real device's heartbeat point, counted
   * from the station's first report until now; null before it.
   */
  onlineRate: z.number().nullable(),
});
export type StationReportRow = z.infer<typeof stationReportRow>;

export const stationReport = z.object({
  stationId: z.number().int(),
  stationCode: z.string(),
  stationName: z.string(),
  timezone: z.string(),
  currency: z.string(),
  granularity: z.enum(REPORT_GRANULARITIES),
  from: z.string(),
  /** Clipped to the station's today: a report never has future rows. */
  to: z.string(),
  /** Real devices counted by the online rate. */
  deviceCount: z.number().int(),
  rows: z.array(stationReportRow),
  total: stationReportRow,
});
export type StationReport = z.infer<typeof stationReport>;
