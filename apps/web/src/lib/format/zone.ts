import type { Dayjs } from 'dayjs';

/**
 * The one place the web reads zones and turns dates into text (with station-time.ts, which uses
 * these). `no-stray-time-format.test.ts` fails on date formatting anywhere outside lib/format.
 */

/** The zone this browser reads clocks in (`UTC` where the runtime names none). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone this runtime knows (for the user's zone choice), the browser's own included. */
export function knownTimeZones(): string[] {
  const own = browserTimeZone();
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(own) ? all : [own, ...all];
}

/**
 * The calendar date a date picker shows, `YYYY-MM-DD`: a wall-clock reading, no zone (the
 * page decides whose day it is, e.g. `StationTime.dayStart`).
 */
export const pickerDay = (d: Dayjs): string => d.format('YYYY-MM-DD');
/** A month picker's value as the calendar month it shows (YYYY-MM), the form calls take. */
export const pickerMonth = (d: Dayjs): string => d.format('YYYY-MM');
