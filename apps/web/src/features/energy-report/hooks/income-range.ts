import { MAX_INCOME_DAYS } from '@ess/contract';
import type { Dayjs } from 'dayjs';
import { pickerDay } from '@/lib/format/zone';

/** Ranges of spec 9: last 7 days, last 30 days, this month, last 3 months, this year, and custom. */
export const RANGE_PRESETS = ['last7', 'last30', 'month', 'last3Months', 'year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type DateRange = { from: string; to: string };

const day = pickerDay;

/** The local dates [from, to] of a preset, ending today (null for custom). */
export function presetRange(preset: RangePreset, today: Dayjs): DateRange | null {
  switch (preset) {
    case 'last7':
      return { from: day(today.subtract(6, 'day')), to: day(today) };
    case 'last30':
      return { from: day(today.subtract(29, 'day')), to: day(today) };
    case 'month':
      return { from: day(today.startOf('month')), to: day(today) };
    case 'last3Months':
      return { from: day(today.subtract(3, 'month').add(1, 'day')), to: day(today) };
    case 'year':
      return { from: day(today.startOf('year')), to: day(today) };
    case 'custom':
      return null;
  }
}

/** Days in [from, to], both included. */
export const daysIn = (r: DateRange): number => Math.round((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000) + 1;

/** Why a custom range cannot be asked for: start after end, or longer than the server answers. */
export function rangeProblem(r: DateRange | null): 'missing' | 'order' | 'tooLong' | null {
  if (!r) return 'missing';
  if (r.from > r.to) return 'order';
  if (daysIn(r) > MAX_INCOME_DAYS) return 'tooLong';
  return null;
}

export const includesDay = (r: DateRange, date: string): boolean => r.from <= date && date <= r.to;
