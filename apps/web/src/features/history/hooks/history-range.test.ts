import { MAX_CURVE_SPAN_MS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { stationTime } from '@/lib/station/station-time';
import { customRangeProblem, dataWindow, detailWindow, presetRange } from './history-range';

// Station time in Shanghai (UTC+8), read from a browser on UTC: 2024-05-17 10:20:30.5 local.
const SH = stationTime('Asia/Shanghai', 'UTC');
const NOW = Date.UTC(2024, 4, 17, 2, 20, 30, 500);
const END = Date.UTC(2024, 4, 17, 2, 21);

describe('history ranges (spec 9)', () => {
  it('rolling presets end at the end of the current minute', () => {
    expect(presetRange('7d', NOW, SH)).toEqual({ from: Date.UTC(2024, 4, 10, 2, 21), to: END });
    expect(presetRange('30d', NOW, SH)).toEqual({ from: Date.UTC(2024, 3, 17, 2, 21), to: END });
    expect(presetRange('3m', NOW, SH)).toEqual({ from: Date.UTC(2024, 1, 17, 2, 21), to: END });
    // The same minute gives the same range (one cache entry).
    expect(presetRange('7d', NOW + 20_000, SH)).toEqual(presetRange('7d', NOW, SH));
  });

  it("calendar presets start at the station's first of the month or the year", () => {
    expect(presetRange('month', NOW, SH)).toEqual({ from: Date.UTC(2024, 3, 30, 16), to: END });
    expect(presetRange('year', NOW, SH)).toEqual({ from: Date.UTC(2023, 11, 31, 16), to: END });
    // 1 June 01:00 in Shanghai is still May in UTC: the station's month has begun.
    const june = Date.UTC(2024, 4, 31, 17);
    expect(presetRange('month', june, SH).from).toBe(Date.UTC(2024, 4, 31, 16));
  });

  it('keeps the wall-clock time across a change of summer time', () => {
    const ny = stationTime('America/New_York', 'UTC');
    // 12 March 2024 12:00 EDT; seven days before is 5 March 12:00 EST, 7 × 24 h + 1 h earlier.
    const at = Date.UTC(2024, 2, 12, 15, 59);
    const r = presetRange('7d', at, ny);
    expect(ny.dateTime(r.from)).toBe('2024-03-05 12:00:00');
    expect(r.to - r.from).toBe(7 * 86_400_000 - 3_600_000);
  });

  it('a custom range must start before it ends and span at most five years', () => {
    expect(customRangeProblem(null)).toBeNull();
    expect(customRangeProblem({ from: 10, to: 10 })).toBe('order');
    expect(customRangeProblem({ from: 20, to: 10 })).toBe('order');
    expect(customRangeProblem({ from: 0, to: MAX_CURVE_SPAN_MS + 1 })).toBe('span');
    expect(customRangeProblem({ from: 0, to: MAX_CURVE_SPAN_MS })).toBeNull();
  });
});

describe('zoom detail window', () => {
  const range = { from: 0, to: 7 * 86_400_000 };
  it('reads a zoom window again when it shows less than half the range, in whole minutes', () => {
    expect(detailWindow(range, { from: 86_400_000 + 1_500, to: 2 * 86_400_000 - 1_500 })).toEqual({
      from: 86_400_000,
      to: 2 * 86_400_000,
    });
  });
  it('keeps the overview for wide windows, no zoom, or a window outside the range', () => {
    expect(detailWindow(range, null)).toBeNull();
    expect(detailWindow(range, { from: 0, to: 4 * 86_400_000 })).toBeNull();
    expect(detailWindow(range, { from: 8 * 86_400_000, to: 9 * 86_400_000 })).toBeNull();
  });
  it('clips the window to the range', () => {
    expect(detailWindow(range, { from: -60_000, to: 60_000 })).toEqual({ from: 0, to: 60_000 });
  });
});

describe('the window a preset opens on', () => {
  const week = presetRange('7d', NOW, SH);
  const hour = 3_600_000;

  it('opens on the data when most of the range before it is empty', () => {
    // A station whose first sample came 30 h before the end of a week's range.
    const first = week.to - 30 * hour + 17 * 60_000;
    const w = dataWindow(week, first);
    expect(w?.to).toBe(week.to);
    // From the hour before the first sample's hour: the first sample is in view, with a margin.
    expect(w?.from).toBeLessThan(first - 59 * 60_000);
    expect(first - (w?.from ?? 0)).toBeLessThanOrEqual(2 * hour);
    expect((w?.from ?? 0) % hour).toBe(0);
  });

  it('shows the whole range when data fills most of it, or when there is none', () => {
    expect(dataWindow(week, week.from + 0.2 * (week.to - week.from))).toBeNull();
    expect(dataWindow(week, week.from)).toBeNull();
    expect(dataWindow(week, null)).toBeNull();
    expect(dataWindow(week, week.to + 1)).toBeNull();
  });
});
