import { describe, expect, it } from 'vitest';
import { stationTime } from './station-time';

const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h, min, s);
const H = 3_600_000;

// Zones are passed explicitly: the results do not depend on the zone of the test process.
describe('stationTime', () => {
  const NOW = utc(2024, 3, 9, 16, 30);

  it('reads a UTC+8 station from a browser on UTC: dates, today, boundaries, zone label', () => {
    const st = stationTime('Asia/Shanghai', 'UTC', NOW);
    expect(st.differs).toBe(true);
    expect(st.label).toBe('UTC+08:00');
    expect(st.full()).toBe('Asia/Shanghai, UTC+08:00');
    expect(st.withZone('Time')).toBe('Time (UTC+08:00)');
    // 16:30 UTC is half past midnight of the next day in Shanghai.
    expect(st.today(NOW)).toBe('2024-03-10');
    expect(st.dateTime(NOW)).toBe('2024-03-10 00:30:00');
    expect(st.dateMinute(NOW)).toBe('2024-03-10 00:30');
    expect(st.shortDateTime(NOW)).toBe('03-10 00:30');
    expect(st.time(NOW)).toBe('00:30:00');
    expect(st.startOfDay(NOW)).toBe(utc(2024, 3, 9, 16));
    expect(st.dayStart('2024-03-10')).toBe(utc(2024, 3, 9, 16));
    expect(st.startOfMonth(NOW)).toBe(utc(2024, 2, 29, 16));
    expect(st.startOfYear(NOW)).toBe(utc(2023, 12, 31, 16));
    expect(st.addDays(NOW, -7)).toBe(NOW - 7 * 24 * H);
    expect(st.addMonths(NOW, -3)).toBe(utc(2023, 12, 9, 16, 30));
  });

  it('needs no label where the browser keeps the same clock', () => {
    expect(stationTime('Asia/Shanghai', 'Asia/Shanghai', NOW).differs).toBe(false);
    expect(stationTime('Asia/Shanghai', 'Asia/Hong_Kong', NOW).differs).toBe(false);
    expect(stationTime('Asia/Shanghai', 'Asia/Shanghai', NOW).withZone('Time')).toBe('Time');
    // Same offset in winter, another in summer: the browser's clock differs.
    expect(stationTime('UTC', 'Europe/London', utc(2024, 1, 10)).differs).toBe(true);
  });

  it('follows a zone with summer time: 23-hour days, wall clock kept across the change, month ends', () => {
    const st = stationTime('America/New_York', 'Asia/Shanghai', utc(2024, 3, 1));
    expect(st.label).toBe('America/New_York');
    expect(st.withZone('Time')).toBe('Time (America/New_York)');
    expect(st.dayStart('2024-03-10')).toBe(utc(2024, 3, 10, 5));
    expect(st.dayStart('2024-03-11')).toBe(utc(2024, 3, 11, 4));
    const noon = utc(2024, 3, 9, 17); // 12:00 EST
    expect(st.dateTime(noon)).toBe('2024-03-09 12:00:00');
    // A day later it is still 12:00 on the clock, 23 hours on.
    expect(st.addDays(noon, 1) - noon).toBe(23 * H);
    expect(st.dateTime(st.addDays(noon, 2))).toBe('2024-03-11 12:00:00');
    expect(st.addDays(noon, 2) - noon).toBe(47 * H);
    expect(st.startOfDay(utc(2024, 3, 10, 12))).toBe(utc(2024, 3, 10, 5));
    expect(st.dateTime(st.addMonths(utc(2024, 1, 31, 17), 1))).toBe('2024-02-29 12:00:00');
    expect(st.startOfMonth(utc(2024, 11, 3, 12))).toBe(utc(2024, 11, 1, 4));
    expect(st.full(utc(2024, 7, 1))).toBe('America/New_York, UTC-04:00');
  });

  it('draws chart axes on the station clock and reads them back', () => {
    for (const zone of ['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu']) {
      const st = stationTime(zone, 'UTC', NOW);
      for (const t of [NOW, utc(2024, 3, 10, 12, 34, 56), utc(2024, 7, 1, 3, 15)]) {
        expect(st.fromAxis(st.toAxis(t))).toBe(t);
        expect(st.axisDateTime(st.toAxis(t))).toBe(st.dateTime(t));
      }
    }
  });

  it('shows the station clock in date pickers and reads a picked wall time as station time', () => {
    for (const zone of ['Asia/Shanghai', 'America/New_York', 'Europe/Berlin']) {
      const st = stationTime(zone, 'UTC', NOW);
      // Midday: a wall time every zone of the test process has.
      for (const t of [utc(2024, 3, 10, 4, 5), utc(2024, 7, 1, 16, 45), utc(2024, 10, 27, 11)]) {
        const local = st.dateTime(t);
        if (Number(local.slice(11, 13)) < 6) continue;
        const picked = st.toPicker(t);
        expect(picked.format('YYYY-MM-DD HH:mm:ss')).toBe(local);
        expect(st.fromPicker(picked)).toBe(t);
      }
      expect(st.dateOfPicker(st.pickerDate('2024-02-29'))).toBe('2024-02-29');
      expect(st.fromPicker(st.pickerDate('2024-03-10'))).toBe(st.dayStart('2024-03-10'));
    }
  });
});

describe('picked days', () => {
  it("are the station's days, whatever the browser's zone", () => {
    const suzhou = stationTime('Asia/Shanghai', 'Europe/Berlin', Date.UTC(2026, 11, 1));
    const first = suzhou.pickerDate('2026-12-01');
    const last = suzhou.pickerDate('2026-12-02');
    expect(suzhou.pickedDays(first, last)).toEqual({
      from: Date.UTC(2026, 10, 30, 16),
      to: Date.UTC(2026, 11, 2, 16),
    });
  });
});
