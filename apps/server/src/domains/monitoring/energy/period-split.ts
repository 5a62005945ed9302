import { periodAt, TOU_PERIODS, type TouPeriod, type TouSegment } from '@ess/contract';

/**
 * Energy is added up in whole micro-kWh, so that bucket differences telescope exactly: the
 * periods of a day always sum to the day's counter difference, to the last digit.
 */
export const MICRO = 1_000_000;
export const toMicro = (kwh: number): number => Math.round(kwh * MICRO);
export const fromMicro = (micro: number): number => micro / MICRO;

export type PeriodMicro = Record<TouPeriod, number>;
export const zeroPeriods = (): PeriodMicro => Object.fromEntries(TOU_PERIODS.map((p) => [p, 0])) as PeriodMicro;

export type Bucket = { day: string; minute: number; first: number; last: number; prev: number | null };

/**
 * What a 15-minute bucket adds to a counter: its last reading minus the last reading before it
 * (a gap is charged to the first bucket after it). The very first bucket counts from its own
 * first reading, and so does a bucket where the counter went back (meter reset or replaced).
 */
export function bucketMicro(b: Pick<Bucket, 'first' | 'last' | 'prev'>): number {
  const last = toMicro(b.last);
  if (b.prev !== null) {
    const prev = toMicro(b.prev);
    if (last >= prev) return last - prev;
  }
  return Math.max(0, last - toMicro(b.first));
}

/**
 * Counter energy per local day and TOU period, in micro-kWh. A bucket belongs to the period in
 * force at its start; with a cut on quarter hours, bucket and period boundaries coincide.
 */
export function splitByPeriod(buckets: Bucket[], segments: TouSegment[]): Map<string, PeriodMicro> {
  const days = new Map<string, PeriodMicro>();
  for (const b of buckets) {
    const day = days.get(b.day) ?? zeroPeriods();
    day[periodAt(segments, b.minute)] += bucketMicro(b);
    days.set(b.day, day);
  }
  return days;
}

export const sumPeriods = (p: PeriodMicro): number => TOU_PERIODS.reduce((s, k) => s + p[k], 0);
