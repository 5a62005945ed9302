import { EXAMPLE_TOU_SEGMENTS, TOU_PERIODS, type TouSegment } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { type Bucket, bucketMicro, splitByPeriod, sumPeriods, toMicro } from './period-split';

/** A day of 96 buckets of a counter that grows by `inc(i)` kWh in quarter i. */
function day(date: string, start: number, inc: (i: number) => number): { buckets: Bucket[]; end: number } {
  const buckets: Bucket[] = [];
  let prev = start;
  for (let i = 0; i < 96; i++) {
    const last = prev + inc(i);
    buckets.push({ day: date, minute: i * 15, first: prev + 0.01, last, prev });
    prev = last;
  }
  return { buckets, end: prev };
}

describe('bucket energy from counter readings', () => {
  it('is the last reading minus the last reading before the bucket', () => {
    expect(bucketMicro({ first: 10.2, last: 12.5, prev: 10 })).toBe(2_500_000);
    // The first bucket ever counts from its own first reading.
    expect(bucketMicro({ first: 10.2, last: 12.5, prev: null })).toBe(2_300_000);
    // A counter that went back (meter replaced) counts from the new first reading.
    expect(bucketMicro({ first: 0.4, last: 1.1, prev: 5000 })).toBe(700_000);
  });
});

describe('energy by TOU period', () => {
  it('puts each quarter in the period of its start and sums a day to its counter difference exactly', () => {
    // Odd increments with many decimals: float sums would drift, micro-kWh integers do not.
    const { buckets, end } = day('2024-01-10', 123_456.789, (i) => 0.1 + (i % 7) * 0.333333 + (i === 40 ? 17.2 : 0));
    const split = splitByPeriod(buckets, EXAMPLE_TOU_SEGMENTS).get('2024-01-10');
    if (!split) throw new Error('no day');
    expect(sumPeriods(split)).toBe(toMicro(end) - toMicro(123_456.789));
    // Valley 00:00–08:00 = quarters 0..31; the big step at quarter 40 (10:00) is peak.
    const expectSum = (from: number, to: number) => buckets.slice(from, to).reduce((s, b) => s + bucketMicro(b), 0);
    expect(split.valley).toBe(expectSum(0, 32));
    expect(split.peak).toBe(expectSum(32, 44) + expectSum(68, 84));
    expect(split.flat).toBe(expectSum(44, 68) + expectSum(84, 96));
    expect(split.sharp).toBe(0);
    expect(split.deepValley).toBe(0);
  });

  it('charges a gap to the first bucket after it, so days still telescope', () => {
    const { buckets } = day('2024-01-10', 100, () => 1);
    const gap = buckets.filter((_, i) => i < 10 || i > 20);
    // After the gap, the bucket's `prev` is the last reading before the gap (what lag() gives).
    const after = gap[10];
    if (after) after.prev = gap[9]?.last ?? null;
    const split = splitByPeriod(gap, EXAMPLE_TOU_SEGMENTS).get('2024-01-10');
    expect(sumPeriods(split ?? { sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 })).toBe(96_000_000);
  });

  it('follows any cut, including sharp and deep valley periods', () => {
    const cut: TouSegment[] = [
      { start: '00:00', end: '06:00', period: 'deepValley' },
      { start: '06:00', end: '10:00', period: 'valley' },
      { start: '10:00', end: '11:00', period: 'sharp' },
      { start: '11:00', end: '19:00', period: 'peak' },
      { start: '19:00', end: '24:00', period: 'flat' },
    ];
    const { buckets } = day('2024-01-10', 0, () => 1);
    const split = splitByPeriod(buckets, cut).get('2024-01-10');
    expect(split).toEqual({ deepValley: 24e6, valley: 16e6, sharp: 4e6, peak: 32e6, flat: 20e6 });
    expect(TOU_PERIODS.every((p) => (split?.[p] ?? -1) >= 0)).toBe(true);
  });
});
