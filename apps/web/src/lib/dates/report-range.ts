import { addDays, addMonths } from '@ess/contract';

/** Ranges of spec 9: last 7 days, last 30 days, this month, last 3 months, this year. */
export const REPORT_RANGES = ['last7', 'last30', 'month', 'last3Months', 'year'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** The local dates [from, to] of a range ending on the station's `today` (YYYY-MM-DD). */
export function reportRange(range: ReportRange, today: string): { from: string; to: string } {
  switch (range) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last3Months':
      return { from: addDays(addMonths(today, -3), 1), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}
