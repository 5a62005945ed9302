import { MAX_CURVE_SPAN_MS } from '@ess/contract';
import dayjs from 'dayjs';

/** Ranges of spec 9: last 7 days, 30 days, this month, 3 months, this year, and custom. */
export const RANGE_PRESETS = ['7d', '30d', 'month', '3m', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type TimeRange = { from: number; to: number };

const MINUTE = 60_000;

/**
 * The range of a preset at `now` (local time): rolling ranges end at the end of the current
 * minute, so a range stays the same (and cached) for a minute; calendar ranges start at the first
 * of the month or year.
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number): TimeRange {
  const to = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  const at = dayjs(to);
  switch (preset) {
    case '7d':
      return { from: at.subtract(7, 'day').valueOf(), to };
    case '30d':
      return { from: at.subtract(30, 'day').valueOf(), to };
    case 'month':
      return { from: dayjs(now).startOf('month').valueOf(), to };
    case '3m':
      return { from: at.subtract(3, 'month').valueOf(), to };
    case 'year':
      return { from: dayjs(now).startOf('year').valueOf(), to };
  }
}

/** Spec 5: the start must be before the end; the API reads at most five years at once. */
export function customRangeProblem(r: TimeRange | null): 'order' | 'span' | null {
  if (!r) return null;
  if (r.to <= r.from) return 'order';
  if (r.to - r.from > MAX_CURVE_SPAN_MS) return 'span';
  return null;
}

/**
 * The zoom window worth reading at a finer resolution: when the visible part is less than half
 * of the loaded range, that part (widened to whole minutes); else null (the overview suffices).
 */
export function detailWindow(range: TimeRange, visible: TimeRange | null): TimeRange | null {
  if (!visible) return null;
  const from = Math.max(range.from, Math.floor(visible.from / MINUTE) * MINUTE);
  const to = Math.min(range.to, Math.ceil(visible.to / MINUTE) * MINUTE);
  if (to <= from || (to - from) * 2 >= range.to - range.from) return null;
  return { from, to };
}
