/**
 * Local time of a station: calendar and clock readings of instants in an IANA time zone
 * (`stations.timezone`), and the instants local days begin. One implementation for the server
 * (energy days, reports, exports), the simulator (TOU clock, load profile, weather) and the web
 * (navbar clock, chart axes in station time).
 *
 * Built on `Intl.DateTimeFormat` only: a zone's offset from UTC is read from one cached
 * formatter per zone and cached per zone and UTC hour, so the hot paths (the simulator steps
 * every station every few seconds) cost a map lookup. Instants are epoch milliseconds;
 * local dates are `YYYY-MM-DD` strings, plain calendar days without a zone.
 */

/** The zone of a station that names none (the `stations.timezone` column default). */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The wall-clock reading of an instant in a zone. */
export type LocalParts = {
  year: number;
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Local time − UTC at that instant, ms (Shanghai: 8 h). */
  offsetMs: number;
};

/** What a simulated station's devices read off its clock. */
export type LocalClock = {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** Minutes since local midnight, 0 ≤ m < 1440, with seconds as a fraction. */
  minuteOfDay: number;
  /** 0 = Sunday. */
  weekday: number;
  utcOffsetHours: number;
};

// ---------- offsets ----------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for a name that is no IANA zone.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset at an instant, straight from the formatter (second precision). */
function formatterOffset(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / SECOND_MS) * SECOND_MS;
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const p of formatterOf(timeZone).formatToParts(new Date(whole))) {
    switch (p.type) {
      case 'year':
        year = Number(p.value);
        break;
      case 'month':
        month = Number(p.value);
        break;
      case 'day':
        day = Number(p.value);
        break;
      case 'hour':
        hour = Number(p.value);
        break;
      case 'minute':
        minute = Number(p.value);
        break;
      case 'second':
        second = Number(p.value);
        break;
      case 'era':
        bc = p.value.startsWith('B');
        break;
    }
  }
  const wall = new Date(0);
  // setUTCFullYear takes years 0–99 literally (Date.UTC would read them as 1900–1999).
  wall.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
  wall.setUTCHours(hour, minute, second, 0);
  return wall.getTime() - whole;
}

/** Offsets by zone, then by UTC hour: an hour whose offset changes inside it is not cached. */
const offsetCache = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS = 100_000;

/** The zone's offset from UTC at an instant, ms (local time − UTC; Shanghai 28,800,000). */
export function utcOffsetMs(ms: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const hour = Math.floor(ms / HOUR_MS);
  const cached = zone.get(hour);
  if (cached !== undefined) return cached;
  const start = formatterOffset(hour * HOUR_MS, timeZone);
  const end = formatterOffset(hour * HOUR_MS + HOUR_MS - 1, timeZone);
  // Zones change offset on the hour almost always; a change within the hour is read exactly.
  if (start !== end) return formatterOffset(ms, timeZone);
  if (zone.size >= MAX_CACHED_HOURS) zone.clear();
  zone.set(hour, start);
  return start;
}

/** The zone's offset from UTC at an instant, hours (Kathmandu 5.75). */
export const utcOffsetHours = (ms: number, timeZone: string): number => utcOffsetMs(ms, timeZone) / HOUR_MS;

/** True when `timeZone` is an IANA zone name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

// ---------- reading instants ----------

/**
 * The instant whose UTC reading equals the zone's wall clock at `ms`: charts drawn in UTC
 * (ECharts `useUTC`) then show station time whatever the browser's zone.
 */
export const wallClock = (ms: number, timeZone: string): number => ms + utcOffsetMs(ms, timeZone);

export function localParts(ms: number, timeZone: string): LocalParts {
  const offsetMs = utcOffsetMs(ms, timeZone);
  const d = new Date(ms + offsetMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    offsetMs,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) =>
  `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;

/** The local calendar date (YYYY-MM-DD) of an instant. */
export const localDateOf = (ms: number, timeZone: string): string => isoDate(new Date(wallClock(ms, timeZone)));

/** `YYYY-MM-DD HH:mm:ss` of an instant in the zone (what a spreadsheet user reads). */
export function localDateTime(ms: number, timeZone: string): string {
  const d = new Date(wallClock(ms, timeZone));
  return `${isoDate(d)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

/** Date, minute of the day, weekday and offset at an instant (the simulator's clock). */
export function localClock(ms: number, timeZone: string): LocalClock {
  const p = localParts(ms, timeZone);
  return {
    date: `${String(p.year).padStart(4, '0')}-${pad2(p.month)}-${pad2(p.day)}`,
    minuteOfDay: p.hour * 60 + p.minute + p.second / 60,
    weekday: p.weekday,
    utcOffsetHours: p.offsetMs / HOUR_MS,
  };
}

// ---------- local dates ----------

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD date: the day as a plain calendar day. */
function dateUtcMs(date: string): number {
  const m = LOCAL_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getTime();
}

/** The date `n` calendar days after `date` (before, for negative `n`). */
export const addDays = (date: string, n: number): string => isoDate(new Date(dateUtcMs(date) + n * DAY_MS));

/** The date `n` calendar months after `date`, kept within the target month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, n: number): string {
  const d = new Date(dateUtcMs(date));
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return isoDate(d);
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export const weekdayOf = (date: string): number => new Date(dateUtcMs(date)).getUTCDay();

/** 1 on 1 January. */
export const dayOfYear = (date: string): number =>
  Math.round((dateUtcMs(date) - dateUtcMs(`${date.slice(0, 4)}-01-01`)) / DAY_MS) + 1;

// ---------- local wall times to instants ----------

/**
 * The instant the zone's clock shows `date` at `minuteOfDay` (fractions allowed; 0 = midnight).
 * Like Temporal's `compatible` choice: a wall time that happens twice (clocks going back) is
 * its earlier instant; one that never happens (clocks going forward) moves forward by the gap,
 * so midnight in a gap is the instant the day begins.
 */
export function zonedInstant(date: string, minuteOfDay: number, timeZone: string): number {
  const wall = dateUtcMs(date) + Math.round(minuteOfDay * MINUTE_MS);
  // Offsets either side of any change near this wall time (changes are months apart).
  const before = utcOffsetMs(wall - DAY_MS, timeZone);
  const after = utcOffsetMs(wall + DAY_MS, timeZone);
  const early = wall - before;
  const earlyOk = utcOffsetMs(early, timeZone) === before;
  if (before === after && earlyOk) return early;
  const late = wall - after;
  const lateOk = utcOffsetMs(late, timeZone) === after;
  if (earlyOk && lateOk) return Math.min(early, late);
  if (earlyOk) return early;
  if (lateOk) return late;
  // In the gap: read with the offset before the change, i.e. pushed forward by its length.
  return early;
}

/** The instant local `date` (YYYY-MM-DD) begins in the zone. */
export const localDayStart = (date: string, timeZone: string): number => zonedInstant(date, 0, timeZone);

/** The instant local month `month` (YYYY-MM) begins in the zone. */
export const localMonthStart = (month: string, timeZone: string): number => localDayStart(`${month}-01`, timeZone);

/** Length of local `date` in the zone, ms: 24 h, or 23 h / 25 h on the days clocks change. */
export const localDayLengthMs = (date: string, timeZone: string): number =>
  localDayStart(addDays(date, 1), timeZone) - localDayStart(date, timeZone);

// ---------- naming a zone ----------

/** An offset as people write it: `UTC+08:00`, `UTC-03:30`, `UTC+00:00`. */
export function utcOffsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `UTC${offsetMs < 0 ? '-' : '+'}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** A week: shorter than any stretch between two offset changes of a zone. */
const OFFSET_SAMPLE_MS = 7 * DAY_MS;

/**
 * The offsets the zone has from `from` to `to`, in the order they first occur (read at both
 * ends and weekly between, which no summer or winter time is short enough to slip through).
 */
export function offsetsBetween(from: number, to: number, timeZone: string): number[] {
  const out: number[] = [];
  const add = (ms: number) => {
    const o = utcOffsetMs(ms, timeZone);
    if (!out.includes(o)) out.push(o);
  };
  add(from);
  for (let t = from + OFFSET_SAMPLE_MS; t < to; t += OFFSET_SAMPLE_MS) add(t);
  if (to > from) add(to);
  return out;
}

/**
 * The zone and its offset over `[from, to]`, for a header that says which clock its times
 * read: `Asia/Shanghai, UTC+08:00`; `Europe/Berlin, UTC+01:00/UTC+02:00` when clocks change in
 * the range.
 */
export const zoneLabel = (timeZone: string, from: number, to = from): string =>
  `${timeZone}, ${offsetsBetween(from, to, timeZone).map(utcOffsetText).join('/')}`;
