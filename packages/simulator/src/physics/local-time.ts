/** Every platform station is in China unless told otherwise. */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

export type LocalClock = {
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** Minutes since local midnight, 0 ≤ m < 1440 (fractional). */
  minuteOfDay: number;
  /** 0 = Sunday. */
  weekday: number;
  utcOffsetHours: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const HOUR_MS = 3_600_000;

/** UTC offset of an IANA zone at an instant, cached per zone and hour (zones change offset on hour marks). */
export function utcOffsetHours(timeZone: string, instant: Date): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / HOUR_MS)}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    formatters.set(timeZone, fmt);
  }
  const name = fmt.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{1,2}):?(\d{2})?/.exec(name);
  const hours = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3] ?? 0) / 60) : 0;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, hours);
  return hours;
}

export function localClock(instant: Date, timeZone: string): LocalClock {
  const offset = utcOffsetHours(timeZone, instant);
  const local = new Date(instant.getTime() + offset * HOUR_MS);
  return {
    date: local.toISOString().slice(0, 10),
    minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes() + local.getUTCSeconds() / 60,
    weekday: local.getUTCDay(),
    utcOffsetHours: offset,
  };
}
