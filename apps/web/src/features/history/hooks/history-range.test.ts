import { MAX_CURVE_SPAN_MS } from '@ess/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { customRangeProblem, detailWindow, presetRange } from './history-range';

const NOW = dayjs('2024-05-17T10:20:30.500').valueOf();
const END = dayjs('2024-05-17T10:21:00').valueOf();

describe('history ranges (spec 9)', () => {
  it('rolling presets end at the end of the current minute', () => {
    expect(presetRange('7d', NOW)).toEqual({ from: dayjs('2024-05-10T10:21:00').valueOf(), to: END });
    expect(presetRange('30d', NOW)).toEqual({ from: dayjs('2024-04-17T10:21:00').valueOf(), to: END });
    expect(presetRange('3m', NOW)).toEqual({ from: dayjs('2024-02-17T10:21:00').valueOf(), to: END });
    // The same minute gives the same range (one cache entry).
    expect(presetRange('7d', NOW + 20_000)).toEqual(presetRange('7d', NOW));
  });

  it('calendar presets start at the first of the month or the year', () => {
    expect(presetRange('month', NOW)).toEqual({ from: dayjs('2024-05-01T00:00:00').valueOf(), to: END });
    expect(presetRange('year', NOW)).toEqual({ from: dayjs('2024-01-01T00:00:00').valueOf(), to: END });
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
