import { MAX_CURVE_SPAN_MS } from '@ess/contract';
import type { StationTime } from '@/lib/station/station-time';

/** Ranges of spec 9: last 7 days, 30 days, this month, 3 months, this year, and custom. */
export const RANGE_PRESETS = ['7d', '30d', 'month', '3m', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type TimeRange = { from: number; to: number };

const MINUTE = 60_000;

type Calendar = Pick<StationTime, 'addDays' | 'addMonths' | 'startOfMonth' | 'startOfYear'>;

/**
 * The range of a preset at `now` on the station's calendar (`clock`): rolling ranges end at the
 * end of the current minute, so a range stays the same (and cached) for a minute, and start at
 * the same wall-clock time days or months before; calendar ranges start at the station's first
 * of the month or year.
 */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number, clock: Calendar): TimeRange {
  const to = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  switch (preset) {
    case '7d':
      return { from: clock.addDays(to, -7), to };
    case '30d':
      return { from: clock.addDays(to, -30), to };
    case 'month':
      return { from: clock.startOfMonth(now), to };
    case '3m':
      return { from: clock.addMonths(to, -3), to };
    case 'year':
      return { from: clock.startOfYear(now), to };
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

/** A preset opens on its data when more than this share of it, at the start, has none. */
const EMPTY_LEAD_SHARE = 0.25;
const HOUR = 3_600_000;

/**
 * The window a preset range opens on: from an hour before its first sample (on the hour) to its
 * end, when the range starts with more than a quarter of nothing (a station online for a day,
 * shown as a week); else null (the whole range). The zoom's reset still shows the whole range.
 */
export function dataWindow(range: TimeRange, firstSampleTs: number | null): TimeRange | null {
  if (firstSampleTs === null || firstSampleTs >= range.to) return null;
  if (firstSampleTs - range.from <= EMPTY_LEAD_SHARE * (range.to - range.from)) return null;
  return { from: Math.max(range.from, Math.floor(firstSampleTs / HOUR) * HOUR - HOUR), to: range.to };
}
