import { addDays } from '@ess/contract';
import dayjs from 'dayjs';

/** Ranges of spec 9: last 7 days, last 30 days, this month, last 3 months, this year. */
export const REVIEW_RANGES = ['last7', 'last30', 'month', 'last3Months', 'year'] as const;
export type ReviewRange = (typeof REVIEW_RANGES)[number];

/** The local dates [from, to] of a range ending on the station's `today` (YYYY-MM-DD). */
export function reviewRange(range: ReviewRange, today: string): { from: string; to: string } {
  switch (range) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last3Months':
      return { from: dayjs(today).subtract(3, 'month').add(1, 'day').format('YYYY-MM-DD'), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}
