import { addDays, addMonths, localDateOf, type ReportFrequency, weekdayOf, zonedInstant } from '@ess/contract';

/** A period a subscription reports: its key (what `last_period` stores) and the statement month it sends. */
export type ReportPeriod = { key: string; from: string; to: string; month: string };

const daily = (date: string): ReportPeriod => ({ key: date, from: date, to: date, month: date.slice(0, 7) });
const weekly = (monday: string): ReportPeriod => {
  const sunday = addDays(monday, 6);
  return { key: `W${monday}`, from: monday, to: sunday, month: sunday.slice(0, 7) };
};
const monthly = (first: string): ReportPeriod => ({
  key: first.slice(0, 7),
  from: first,
  to: addDays(addMonths(first, 1), -1),
  month: first.slice(0, 7),
});

/**
 * The latest period whose sending time has come on the subscription's clock: a day at `hour` of
 * the next day, an ISO week (Monday to Sunday) at `hour` of the next Monday, a month at `hour`
 * of the 1st of the next. Daily and weekly reports send the statement of the month the period
 * ends in, to date (marked partial while it runs); monthly ones the month, whole.
 */
export function duePeriod(frequency: ReportFrequency, hour: number, timezone: string, now: number): ReportPeriod {
  const today = localDateOf(now, timezone);
  const reached = (date: string) => now >= zonedInstant(date, hour * 60, timezone);
  if (frequency === 'daily') return daily(addDays(today, reached(today) ? -1 : -2));
  if (frequency === 'weekly') {
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
    return weekly(addDays(monday, reached(monday) ? -7 : -14));
  }
  const first = `${today.slice(0, 7)}-01`;
  return monthly(addMonths(first, reached(first) ? -1 : -2));
}
