import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  DEFAULT_TIMEZONE,
  datesBetween,
  dayOfYear,
  isTimeZone,
  localClock,
  localDateOf,
  localDateTime,
  localDayLengthMs,
  localDayStart,
  localMonthStart,
  localParts,
  offsetsBetween,
  utcOffsetHours,
  utcOffsetMs,
  utcOffsetText,
  wallClock,
  weekdayOf,
  zonedInstant,
  zoneLabel,
} from './local-time';

const H = 3_600_000;
const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => Date.UTC(y, m - 1, d, h, min, s, ms);

/** The zone's wall clock as Intl prints it, for comparison. */
const intl = new Map<string, Intl.DateTimeFormat>();
function intlReading(ms: number, timeZone: string): string {
  const f =
    intl.get(timeZone) ??
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  intl.set(timeZone, f);
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

describe('China Standard Time (UTC+8, no daylight saving)', () => {
  const TZ = 'Asia/Shanghai';

  it('is the default zone', () => {
    expect(DEFAULT_TIMEZONE).toBe(TZ);
    expect(isTimeZone(TZ)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('reads offsets, dates and clock times', () => {
    expect(utcOffsetMs(utc(2024, 7, 1), TZ)).toBe(8 * H);
    expect(utcOffsetHours(utc(2024, 1, 1), TZ)).toBe(8);
    expect(localDateOf(utc(2024, 1, 9, 15, 59, 59, 999), TZ)).toBe('2024-01-09');
    expect(localDateOf(utc(2024, 1, 9, 16), TZ)).toBe('2024-01-10');
    expect(localDateTime(utc(2024, 12, 31, 16, 0, 5, 900), TZ)).toBe('2025-01-01 00:00:05');
    expect(localParts(utc(2025, 3, 14, 23, 30, 15, 250), TZ)).toEqual({
      year: 2025,
      month: 3,
      day: 15,
      hour: 7,
      minute: 30,
      second: 15,
      millisecond: 250,
      weekday: 6,
      offsetMs: 8 * H,
    });
  });

  it('gives the simulator clock', () => {
    expect(localClock(utc(2025, 1, 1, 15, 59, 30), TZ)).toEqual({
      date: '2025-01-01',
      minuteOfDay: 23 * 60 + 59.5,
      weekday: 3,
      utcOffsetHours: 8,
    });
    expect(localClock(utc(2025, 1, 1, 16), TZ)).toMatchObject({ date: '2025-01-02', minuteOfDay: 0, weekday: 4 });
  });

  it('shifts instants onto the station wall clock for UTC charts, keeping milliseconds', () => {
    const midnight = utc(2026, 3, 14, 16);
    expect(wallClock(midnight, TZ)).toBe(utc(2026, 3, 15));
    expect(wallClock(midnight + 1234, TZ)).toBe(utc(2026, 3, 15, 0, 0, 1, 234));
  });

  it('finds the instants local days and months begin, every day 24 hours long', () => {
    expect(localDayStart('2024-01-10', TZ)).toBe(utc(2024, 1, 9, 16));
    expect(localMonthStart('2024-03', TZ)).toBe(utc(2024, 2, 29, 16));
    expect(zonedInstant('2024-01-10', 12 * 60 + 30, TZ)).toBe(utc(2024, 1, 10, 4, 30));
    for (const date of datesBetween('2024-01-01', '2024-12-31')) expect(localDayLengthMs(date, TZ)).toBe(24 * H);
  });
});

describe('fixed zones off the hour and UTC', () => {
  it('handles Kathmandu (UTC+5:45), India (UTC+5:30) and UTC', () => {
    expect(localDayStart('2024-01-10', 'Asia/Kathmandu')).toBe(utc(2024, 1, 9, 18, 15));
    expect(utcOffsetHours(utc(2024, 1, 10), 'Asia/Kathmandu')).toBe(5.75);
    expect(localDateTime(utc(2024, 1, 9, 18, 29, 59), 'Asia/Kolkata')).toBe('2024-01-09 23:59:59');
    expect(localDateTime(utc(2024, 1, 9, 18, 30), 'Asia/Kolkata')).toBe('2024-01-10 00:00:00');
    expect(localDayStart('2024-01-10', 'UTC')).toBe(utc(2024, 1, 10));
    expect(wallClock(utc(2024, 1, 10, 5), 'UTC')).toBe(utc(2024, 1, 10, 5));
  });
});

describe('daylight saving time', () => {
  it('follows Madrid (CET/CEST): offsets, 23- and 25-hour days', () => {
    const TZ = 'Europe/Madrid';
    expect(utcOffsetHours(utc(2026, 1, 10, 12), TZ)).toBe(1);
    expect(utcOffsetHours(utc(2026, 7, 10, 12), TZ)).toBe(2);
    expect(wallClock(utc(2026, 1, 10, 12), TZ)).toBe(utc(2026, 1, 10, 13));
    expect(wallClock(utc(2026, 7, 10, 12), TZ)).toBe(utc(2026, 7, 10, 14));
    // 2024-03-31: 02:00 CET → 03:00 CEST at 01:00 UTC; 2024-10-27: 03:00 CEST → 02:00 CET at 01:00 UTC.
    expect(localDateTime(utc(2024, 3, 31, 0, 59, 59), TZ)).toBe('2024-03-31 01:59:59');
    expect(localDateTime(utc(2024, 3, 31, 1), TZ)).toBe('2024-03-31 03:00:00');
    expect(localDayStart('2024-03-31', TZ)).toBe(utc(2024, 3, 30, 23));
    expect(localDayStart('2024-04-01', TZ)).toBe(utc(2024, 3, 31, 22));
    expect(localDayLengthMs('2024-03-31', TZ)).toBe(23 * H);
    expect(localDayLengthMs('2024-10-27', TZ)).toBe(25 * H);
    expect(localDayLengthMs('2024-10-28', TZ)).toBe(24 * H);
    expect(localMonthStart('2024-11', TZ)).toBe(utc(2024, 10, 31, 23));
    // The simulator clock: 04:00 local on the short day is 180 minutes after midnight on the wall.
    expect(localClock(utc(2024, 3, 31, 2), TZ)).toEqual({
      date: '2024-03-31',
      minuteOfDay: 240,
      weekday: 0,
      utcOffsetHours: 2,
    });
  });

  it('resolves wall times in a gap forward and repeated ones to the earlier instant (Madrid)', () => {
    const TZ = 'Europe/Madrid';
    // 02:30 never happens on 2024-03-31: read as 03:30 CEST.
    expect(zonedInstant('2024-03-31', 150, TZ)).toBe(utc(2024, 3, 31, 1, 30));
    // 02:30 happens twice on 2024-10-27: first in CEST (00:30 UTC), then in CET (01:30 UTC).
    expect(zonedInstant('2024-10-27', 150, TZ)).toBe(utc(2024, 10, 27, 0, 30));
    expect(localDateTime(utc(2024, 10, 27, 0, 30), TZ)).toBe('2024-10-27 02:30:00');
    expect(localDateTime(utc(2024, 10, 27, 1, 30), TZ)).toBe('2024-10-27 02:30:00');
  });

  it('follows New York (EST/EDT)', () => {
    const TZ = 'America/New_York';
    // Clocks go forward on 2024-03-10 and back on 2024-11-03, at 02:00 local.
    expect(localDayStart('2024-03-10', TZ)).toBe(utc(2024, 3, 10, 5));
    expect(localDayStart('2024-03-11', TZ)).toBe(utc(2024, 3, 11, 4));
    expect(localDayStart('2024-11-04', TZ)).toBe(utc(2024, 11, 4, 5));
    expect(localDayLengthMs('2024-03-10', TZ)).toBe(23 * H);
    expect(localDayLengthMs('2024-11-03', TZ)).toBe(25 * H);
    expect(zonedInstant('2024-03-10', 150, TZ)).toBe(utc(2024, 3, 10, 7, 30));
    expect(zonedInstant('2024-11-03', 90, TZ)).toBe(utc(2024, 11, 3, 5, 30));
    expect(localDateOf(utc(2024, 11, 4, 4, 59), TZ)).toBe('2024-11-03');
    expect(localParts(utc(2024, 7, 4, 16), TZ)).toMatchObject({ hour: 12, weekday: 4, offsetMs: -4 * H });
  });

  it('starts a day at 01:00 where clocks jump at midnight (Santiago de Chile)', () => {
    const TZ = 'America/Santiago';
    // 2024-09-08 00:00 (UTC−4) becomes 01:00 (UTC−3) at 04:00 UTC.
    expect(localDayStart('2024-09-08', TZ)).toBe(utc(2024, 9, 8, 4));
    expect(localDateTime(utc(2024, 9, 8, 4), TZ)).toBe('2024-09-08 01:00:00');
    expect(localDayLengthMs('2024-09-08', TZ)).toBe(23 * H);
    // 2024-04-07 00:00 (UTC−3) becomes 2024-04-06 23:00 (UTC−4) at 03:00 UTC: the 6th lasts 25 hours.
    expect(localDayStart('2024-04-07', TZ)).toBe(utc(2024, 4, 7, 4));
    expect(localDayLengthMs('2024-04-06', TZ)).toBe(25 * H);
  });

  it('agrees with Intl and round-trips times all year round', () => {
    const wrong: string[] = [];
    for (const TZ of ['Asia/Shanghai', 'Europe/Madrid', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      let lastDate = '';
      // Every 37 min 7 s: all minutes of the hour come round, the changes of the year included.
      for (let t = utc(2024, 1, 1); t < utc(2025, 1, 1); t += 37 * 60_000 + 7_000) {
        const reading = localDateTime(t, TZ);
        if (reading !== intlReading(t, TZ)) wrong.push(`${TZ} ${t}: ${reading}`);
        const date = localDateOf(t, TZ);
        if (date !== lastDate) {
          lastDate = date;
          const start = localDayStart(date, TZ);
          const next = localDayStart(addDays(date, 1), TZ);
          const ok = start <= t && t < next && localDateOf(start, TZ) === date && localDateOf(start - 1, TZ) !== date;
          if (!ok) wrong.push(`${TZ} day ${date}`);
        }
        const p = localParts(t, TZ);
        const back = zonedInstant(date, p.hour * 60 + p.minute + (p.second + p.millisecond / 1000) / 60, TZ);
        // A repeated wall time comes back as its first instant (Lord Howe repeats half an hour).
        if (![0, -H / 2, -H].includes(back - t)) wrong.push(`${TZ} ${t} → ${back}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('calendar dates', () => {
  it('walks days, weekdays and days of the year', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-12-03', -3)).toBe('2026-09-03');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(datesBetween('2023-12-30', '2024-01-02')).toEqual(['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-02']);
    expect(datesBetween('2024-01-02', '2024-01-01')).toEqual([]);
    expect(weekdayOf('2024-07-04')).toBe(4);
    expect(dayOfYear('2025-01-01')).toBe(1);
    expect(dayOfYear('2024-12-31')).toBe(366);
    expect(() => addDays('2024-2-1', 1)).toThrow(RangeError);
  });
});

describe('naming a zone', () => {
  it('writes offsets as UTC±hh:mm', () => {
    expect(utcOffsetText(8 * H)).toBe('UTC+08:00');
    expect(utcOffsetText(0)).toBe('UTC+00:00');
    expect(utcOffsetText(-3.5 * H)).toBe('UTC-03:30');
    expect(utcOffsetText(5.75 * H)).toBe('UTC+05:45');
  });

  it('names the zone with every offset it has in a range', () => {
    expect(zoneLabel('Asia/Shanghai', utc(2024, 1, 1), utc(2024, 12, 31))).toBe('Asia/Shanghai, UTC+08:00');
    expect(zoneLabel('Europe/Berlin', utc(2024, 1, 10))).toBe('Europe/Berlin, UTC+01:00');
    expect(zoneLabel('Europe/Berlin', utc(2024, 3, 30), utc(2024, 4, 2))).toBe('Europe/Berlin, UTC+01:00/UTC+02:00');
    // Both ends in winter, the summer between: still both offsets.
    expect(offsetsBetween(utc(2024, 1, 1), utc(2024, 12, 31), 'Europe/Berlin')).toEqual([H, 2 * H]);
    expect(offsetsBetween(utc(2024, 1, 1), utc(2024, 1, 1), 'America/New_York')).toEqual([-5 * H]);
  });
});
