import {
  addDays,
  DEFAULT_TIMEZONE,
  localDateOf,
  localDateTime,
  localDayStart,
  localMonthStart,
  localParts,
  offsetsBetween,
  utcOffsetMs,
  utcOffsetText,
  wallClock,
  zonedInstant,
  zoneLabel,
} from '@ess/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { browserTimeZone, pickerDay } from '../format/zone';
import { useCurrentStation } from './current-station';

export { browserTimeZone };

const HALF_YEAR_MS = 183 * 86_400_000;

/**
 * A station's clock for screens: every date, time, "today" and day or month boundary a page
 * shows or asks for, read in the station's zone (contract `local-time`) whatever the browser's.
 * Instants are epoch ms; dates `YYYY-MM-DD` strings of the station's calendar.
 */
export type StationTime = {
  /** The station's IANA zone. */
  zone: string;
  /**
   * The browser reads another clock (another offset now or within half a year): times on screen
   * then carry `label`.
   */
  differs: boolean;
  /** Short name of the zone: its offset (`UTC+08:00`) where it has one all year, else the IANA name. */
  label: string;
  /** Zone and offset at `at` (default now): `Asia/Shanghai, UTC+08:00`. */
  full: (at?: number) => string;
  /** `title (UTC+08:00)` when the browser's zone differs, else `title`. */
  withZone: (title: string) => string;

  /** `YYYY-MM-DD HH:mm:ss` on the station's clock. */
  dateTime: (ms: number) => string;
  /** `YYYY-MM-DD HH:mm`. */
  dateMinute: (ms: number) => string;
  /** `MM-DD HH:mm`. */
  shortDateTime: (ms: number) => string;
  /** `HH:mm:ss`. */
  time: (ms: number) => string;
  /** `YYYY-MM-DD`: the station's date of an instant. */
  date: (ms: number) => string;

  /** The station's date at `now`. */
  today: (now: number) => string;
  /** The instant local `date` begins. */
  dayStart: (date: string) => number;
  /** The instant the local day of `ms` begins. */
  startOfDay: (ms: number) => number;
  /** The instant the local month of `ms` begins. */
  startOfMonth: (ms: number) => number;
  /** The instant the local year of `ms` begins. */
  startOfYear: (ms: number) => number;
  /** The same wall-clock time `n` local days later (earlier for negative `n`). */
  addDays: (ms: number, n: number) => number;
  /** The same wall-clock time `n` calendar months later, the day clamped to the month's end. */
  addMonths: (ms: number, n: number) => number;

  /**
   * An instant as an ECharts time-axis value drawn with `useUTC: true`: its UTC reading is the
   * station's wall clock, so axes, ticks and tooltips show station time.
   */
  toAxis: (ms: number) => number;
  /** The instant of a time-axis value (`toAxis` back; a wall time clocks pass twice reads as one of its instants). */
  fromAxis: (axis: number) => number;
  /** `YYYY-MM-DD HH:mm:ss` of a time-axis value (its UTC reading). */
  axisDateTime: (axis: number) => string;

  /**
   * A date-picker value showing the station's wall clock at `ms` (antd pickers read dayjs in
   * the browser's zone: they are given the station's reading).
   */
  toPicker: (ms: number) => Dayjs;
  /** The instant a picker's wall-clock reading means on the station's clock. */
  fromPicker: (d: Dayjs) => number;
  /** A picker value of a station date. */
  pickerDate: (date: string) => Dayjs;
  /** The station date a picker value shows. */
  dateOfPicker: (d: Dayjs) => string;
  /** The days a range picker shows, on this clock: from the first day's start to the end of the last (exclusive). */
  pickedDays: (first: Dayjs, last: Dayjs) => { from: number; to: number };
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The calendar month `n` months after year/month (1–12), as year and month. */
function shiftMonth(year: number, month: number, n: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The clock of a station in `zone`, compared with `browserZone` around `now`. Pure, so tests
 * pass both zones; pages use `useStationTime()`.
 */
export function stationTime(zone: string, browserZone: string = browserTimeZone(), now = Date.now()): StationTime {
  const around = [now - HALF_YEAR_MS, now, now + HALF_YEAR_MS];
  const differs = zone !== browserZone && around.some((t) => utcOffsetMs(t, zone) !== utcOffsetMs(t, browserZone));
  const offsets = offsetsBetween(now - HALF_YEAR_MS, now + HALF_YEAR_MS, zone);
  const label = offsets.length === 1 ? utcOffsetText(offsets[0] ?? 0) : zone;

  const dateTime = (ms: number) => localDateTime(ms, zone);
  const date = (ms: number) => localDateOf(ms, zone);
  const minuteOfDay = (ms: number) => {
    const p = localParts(ms, zone);
    return p.hour * 60 + p.minute + (p.second + p.millisecond / 1000) / 60;
  };
  const fromAxis = (axis: number) => axis - utcOffsetMs(axis - utcOffsetMs(axis, zone), zone);

  return {
    zone,
    differs,
    label,
    full: (at = now) => zoneLabel(zone, at),
    withZone: (title) => (differs ? `${title} (${label})` : title),

    dateTime,
    dateMinute: (ms) => dateTime(ms).slice(0, 16),
    shortDateTime: (ms) => dateTime(ms).slice(5, 16),
    time: (ms) => dateTime(ms).slice(11),
    date,

    today: date,
    dayStart: (d) => localDayStart(d, zone),
    startOfDay: (ms) => localDayStart(date(ms), zone),
    startOfMonth: (ms) => localMonthStart(date(ms).slice(0, 7), zone),
    startOfYear: (ms) => localDayStart(`${date(ms).slice(0, 4)}-01-01`, zone),
    addDays: (ms, n) => zonedInstant(addDays(date(ms), n), minuteOfDay(ms), zone),
    addMonths: (ms, n) => {
      const p = localParts(ms, zone);
      const m = shiftMonth(p.year, p.month, n);
      const day = Math.min(p.day, daysInMonth(m.year, m.month));
      const d = `${String(m.year).padStart(4, '0')}-${pad2(m.month)}-${pad2(day)}`;
      return zonedInstant(d, minuteOfDay(ms), zone);
    },

    toAxis: (ms) => wallClock(ms, zone),
    fromAxis,
    axisDateTime: (axis) => localDateTime(axis, 'UTC'),

    toPicker: (ms) => {
      const p = localParts(ms, zone);
      return dayjs(new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.millisecond));
    },
    fromPicker: (d) =>
      zonedInstant(pickerDay(d), d.hour() * 60 + d.minute() + (d.second() + d.millisecond() / 1000) / 60, zone),
    pickerDate: (d) => dayjs(`${d}T00:00:00`),
    dateOfPicker: pickerDay,
    pickedDays: (first, last) => ({
      from: localDayStart(pickerDay(first), zone),
      to: localDayStart(addDays(pickerDay(last), 1), zone),
    }),
  };
}

/** One clock per zone for the page's life (its offsets are read once, not per component). */
const clocks = new Map<string, StationTime>();

/**
 * The current station's clock (`useCurrentStation().station.timezone`; the default zone until
 * the station list is in, which the signed-in frame waits for).
 */
export function useStationTime(): StationTime {
  const { station } = useCurrentStation();
  const zone = station?.timezone ?? DEFAULT_TIMEZONE;
  return clockOf(zone);
}

/** The (cached) clock of `zone` against this browser's. */
export function clockOf(zone: string): StationTime {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = stationTime(zone);
    clocks.set(zone, clock);
  }
  return clock;
}
