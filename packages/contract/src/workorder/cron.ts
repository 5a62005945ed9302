import { addDays, localDateOf, localParts, weekdayOf, zonedInstant } from '../local-time';

/**
 * Five-field cron expressions of inspection and cleaning schedules, read in the station's time
 * zone: `minute hour day-of-month month day-of-week`. Each field is `*`, a number, a range
 * `a-b`, a step `*\/n` or `a-b/n`, or a comma list of those; day-of-week 0 or 7 is Sunday.
 * As in classic cron, when both day fields are restricted a day matching either runs. A wall
 * time a clock change skips does not run that day; one it repeats runs once (its first instant).
 * The server schedules with it and the form previews with it, so both read a cron alike.
 */
export type CronSpec = {
  minutes: number[];
  hours: number[];
  days: number[];
  months: number[];
  weekdays: number[];
  /** The day-of-month / day-of-week fields were `*` (then only the other one restricts). */
  anyDay: boolean;
  anyWeekday: boolean;
};

/** Which field is wrong: 0 minute … 4 day-of-week; -1 for a wrong number of fields. */
export type CronParse = { ok: true; spec: CronSpec } | { ok: false; field: -1 | 0 | 1 | 2 | 3 | 4 };

const FIELDS = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
] as const;

const PART = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/;

/** The values of one field, ascending, or null when it is not a valid field. */
function fieldValues(text: string, min: number, max: number): number[] | null {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = PART.exec(part);
    if (!m) return null;
    const step = m[4] === undefined ? 1 : Number(m[4]);
    let from = min;
    let to = max;
    if (m[1] !== '*') {
      from = Number(m[2]);
      // `5/15` means from 5 to the end in steps of 15.
      to = m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    }
    if (step < 1 || from < min || to > max || from > to) return null;
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

export function parseCron(expression: string): CronParse {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return { ok: false, field: -1 };
  const values: number[][] = [];
  for (let i = 0; i < 5; i++) {
    const [min, max] = FIELDS[i] as readonly [number, number];
    const v = fieldValues(fields[i] as string, min, max);
    if (!v) return { ok: false, field: i as 0 | 1 | 2 | 3 | 4 };
    values.push(v);
  }
  const [minutes = [], hours = [], days = [], months = [], weekdays = []] = values;
  return {
    ok: true,
    spec: {
      minutes,
      hours,
      days,
      months,
      // 7 is Sunday too.
      weekdays: [...new Set(weekdays.map((d) => d % 7))].sort((a, b) => a - b),
      anyDay: fields[2] === '*',
      anyWeekday: fields[4] === '*',
    },
  };
}

function dayMatches(spec: CronSpec, date: string): boolean {
  const month = Number(date.slice(5, 7));
  if (!spec.months.includes(month)) return false;
  const dom = spec.days.includes(Number(date.slice(8, 10)));
  const dow = spec.weekdays.includes(weekdayOf(date));
  if (spec.anyDay && spec.anyWeekday) return true;
  if (spec.anyDay) return dow;
  if (spec.anyWeekday) return dom;
  return dom || dow;
}

/** How far ahead a run is looked for (a 29 February cron runs at least every 8 years). */
const HORIZON_DAYS = 8 * 366 + 1;

/**
 * The next `count` instants (epoch ms) after `after` at which the cron runs on the zone's clock;
 * fewer (or none) when it never runs within the horizon (`0 0 31 2 *`).
 */
export function nextCronRuns(spec: CronSpec, timeZone: string, after: number, count: number): number[] {
  const out: number[] = [];
  let date = localDateOf(after, timeZone);
  for (let d = 0; d < HORIZON_DAYS && out.length < count; d++, date = addDays(date, 1)) {
    if (!dayMatches(spec, date)) continue;
    for (const hour of spec.hours) {
      for (const minute of spec.minutes) {
        const at = zonedInstant(date, hour * 60 + minute, timeZone);
        if (at <= after) continue;
        // A wall time the clock skips resolves to another reading: it does not run.
        const p = localParts(at, timeZone);
        if (p.hour !== hour || p.minute !== minute) continue;
        out.push(at);
        if (out.length === count) return out;
      }
    }
  }
  return out;
}
