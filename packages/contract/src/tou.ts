import { z } from 'zod';
import { type Names, names as n } from './i18n';
import { clockTime } from './time-schema';

/** Time-of-use periods (domain.md): 尖 sharp, 峰 peak, 平 flat, 谷 valley, 深谷 deep valley. */
export const TOU_PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TouPeriod = (typeof TOU_PERIODS)[number];
/** The periods' names in documents and exports (the pages use their locale files). */
export const TOU_PERIOD_NAMES: Record<TouPeriod, Names> = {
  sharp: n('尖', 'Sharp', 'Punta crítica', '尖頭'),
  peak: n('峰', 'Peak', 'Punta', 'ピーク'),
  flat: n('平', 'Flat', 'Llano', 'フラット'),
  valley: n('谷', 'Valley', 'Valle', 'オフピーク'),
  deepValley: n('深谷', 'Deep valley', 'Supervalle', '深夜オフピーク'),
};

/** One cut of the day, [start, end) in local time. */
export const touSegment = z.object({ start: clockTime, end: clockTime, period: z.enum(TOU_PERIODS) });
export type TouSegment = z.infer<typeof touSegment>;

/** Spec 5/9: prices lie within ±99,999,999 (negative ones occur in spot-linked tariffs). */
const price = z.number().min(-99_999_999).max(99_999_999);
export const touPrices = z.object({
  sharp: price,
  peak: price,
  flat: price,
  valley: price,
  deepValley: price,
});
export type TouPrices = z.infer<typeof touPrices>;

const minutes = (t: string): number => {
  const [h = '0', m = '0'] = t.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * A day's cut must cover 00:00–24:00 exactly once: segments sorted, each starting where the
 * previous ended. Returns null when valid, else the reason (spec 5 "overlapping times").
 */
export function checkTouSegments(segments: TouSegment[]): null | 'empty' | 'order' | 'gap' | 'overlap' {
  if (segments.length === 0) return 'empty';
  const sorted = [...segments].sort((a, b) => minutes(a.start) - minutes(b.start));
  let at = 0;
  for (const s of sorted) {
    const start = minutes(s.start);
    const end = minutes(s.end);
    if (end <= start) return 'order';
    if (start > at) return 'gap';
    if (start < at) return 'overlap';
    at = end;
  }
  return at === 24 * 60 ? null : 'gap';
}

/** The period at a local minute of the day (0..1439). */
export function periodAt(segments: TouSegment[], minuteOfDay: number): TouPeriod {
  for (const s of segments) {
    if (minuteOfDay >= minutes(s.start) && minuteOfDay < minutes(s.end)) return s.period;
  }
  return 'flat';
}

/** The example cut and prices of domain.md / spec 9 (peak 0.6, flat 0.3, valley 0.1 per kWh). */
export const EXAMPLE_TOU_SEGMENTS: TouSegment[] = [
  { start: '00:00', end: '08:00', period: 'valley' },
  { start: '08:00', end: '11:00', period: 'peak' },
  { start: '11:00', end: '17:00', period: 'flat' },
  { start: '17:00', end: '21:00', period: 'peak' },
  { start: '21:00', end: '24:00', period: 'flat' },
];
export const EXAMPLE_TOU_PRICES: TouPrices = { sharp: 0.9, peak: 0.6, flat: 0.3, valley: 0.1, deepValley: 0.08 };
