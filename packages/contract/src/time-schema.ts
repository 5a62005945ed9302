import { z } from 'zod';

/**
 * The times any call of the API accepts, one schema per shape (issue 20 finding 9): an instant
 * in epoch milliseconds, a local calendar date and a clock time of a local day. The range
 * holds everything the platform has (its data begins in this century; devices' samples are
 * kept for days, archives and reports for years) with room to spare, and keeps every value
 * one a JavaScript Date and PostgreSQL's timestamptz both read: an instant past it was a 500.
 */
export const TIME_RANGE = { from: '2000-01-01', to: '2199-12-31' } as const;
/** 2000-01-01T00:00:00Z. */
export const EPOCH_MS_MIN = Date.UTC(2000, 0, 1);
/** 2200-01-01T00:00:00Z (the end of TIME_RANGE's last day). */
export const EPOCH_MS_MAX = Date.UTC(2200, 0, 1);

/** Which shape a shared time schema is; the table's time fields are found by it (time-fields.ts). */
export type TimeShape = 'epochMs' | 'localDate' | 'localMonth' | 'clockTime';
export const timeSchemas = z.registry<{ time: TimeShape }>();

/** What `epochMs` says of a value it refuses (the server's own check says the same). */
export const EPOCH_MS_TEXT = `a time in epoch milliseconds from ${TIME_RANGE.from} to 2200-01-01 (UTC)`;
const instantText = EPOCH_MS_TEXT;

/** An instant in epoch milliseconds, within the platform's range. */
export const epochMs = z
  .number(instantText)
  .int(instantText)
  .min(EPOCH_MS_MIN, instantText)
  .max(EPOCH_MS_MAX, instantText)
  .register(timeSchemas, { time: 'epochMs' });

const dateText = `a date YYYY-MM-DD from ${TIME_RANGE.from} to ${TIME_RANGE.to}`;

/** Whether `s` (YYYY-MM-DD) names a day of the calendar: no 02-30, no month 13. */
const isCalendarDate = (s: string): boolean => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A calendar date `YYYY-MM-DD` (local to the station), a real day within the platform's range. */
export const localDate = z
  .string(dateText)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: dateText, abort: true })
  .refine((s) => s >= TIME_RANGE.from && s <= TIME_RANGE.to && isCalendarDate(s), dateText)
  .register(timeSchemas, { time: 'localDate' });

const monthText = `a month YYYY-MM from ${TIME_RANGE.from.slice(0, 7)} to ${TIME_RANGE.to.slice(0, 7)}`;

/** A calendar month `YYYY-MM` (local to the station: statements, settlement ratios), within the range. */
export const localMonth = z
  .string(monthText)
  .regex(/^(20\d{2}|21\d{2})-(0[1-9]|1[0-2])$/, monthText)
  .register(timeSchemas, { time: 'localMonth' });

/** `HH:mm` of a local day, 00:00 to 24:00 ('24:00' ends a day's last segment). */
export const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm (00:00 to 24:00)')
  .register(timeSchemas, { time: 'clockTime' });
