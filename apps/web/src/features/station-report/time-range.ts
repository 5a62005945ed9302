import { addDays } from '@ess/contract';
import type { StationTime } from '@/lib/station/station-time';

export const QUICK_RANGES = ['today', '7d', '30d'] as const;
/** A quick range, or whole days `from`–`to` (station dates, YYYY-MM-DD). */
export type RangeChoice = { kind: (typeof QUICK_RANGES)[number] } | { kind: 'custom'; from: string; to: string };

const DAY = 86_400_000;

/**
 * Epoch bounds of a range choice at `now` (whole minutes, so a rolling range changes its query
 * once a minute), on the station's clock: today since the station's midnight, the last 7 or 30
 * days, or whole custom station days up to now.
 */
export function rangeBounds(
  choice: RangeChoice,
  now: number,
  clock: Pick<StationTime, 'startOfDay' | 'dayStart'>,
): { from: number; to: number } {
  const to = Math.floor(now / 60_000) * 60_000;
  const span = (from: number, end: number) => ({ from, to: Math.max(end, from + 60_000) });
  switch (choice.kind) {
    case 'today':
      return span(clock.startOfDay(now), to);
    case '7d':
      return span(to - 7 * DAY, to);
    case '30d':
      return span(to - 30 * DAY, to);
    case 'custom':
      return span(clock.dayStart(choice.from), Math.min(clock.dayStart(addDays(choice.to, 1)), to));
  }
}

/** Days, hours, minutes and seconds of a span in ms: the largest two non-zero parts. */
export function spanParts(ms: number): { unit: 'days' | 'hours' | 'minutes' | 'seconds'; count: number }[] {
  const s = Math.max(0, Math.round(ms / 1000));
  const parts = [
    { unit: 'days' as const, count: Math.floor(s / 86_400) },
    { unit: 'hours' as const, count: Math.floor((s % 86_400) / 3600) },
    { unit: 'minutes' as const, count: Math.floor((s % 3600) / 60) },
    { unit: 'seconds' as const, count: s % 60 },
  ];
  const first = parts.findIndex((p) => p.count > 0);
  if (first === -1) return [{ unit: 'seconds', count: 0 }];
  return parts.slice(first, first + 2).filter((p) => p.count > 0);
}
