import { MAX_CURVE_BUCKETS } from '@ess/contract';

export const MINUTE_MS = 60_000;
export const QUARTER_MS = 15 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Up to this span a curve reads raw samples (decimated into buckets when there are too many). */
export const RAW_MAX_SPAN_MS = DAY_MS;

/** Bucket widths for decimating raw samples: round numbers a chart's axis reads well. */
const RAW_WIDTHS_S = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900];

/**
 * Where a history curve reads from, by the span alone: raw samples for a day or less, then the
 * finest roll-up that stays within MAX_CURVE_BUCKETS per series (15-minute, hourly from the
 * 15-minute rows, daily, then several days per bucket). Counts are upper bounds, whatever the
 * alignment of the buckets.
 */
export type CurvePlan =
  | { source: 'raw' }
  | { source: '15m'; bucketMs: number }
  | { source: '1h'; bucketMs: number }
  | { source: '1d'; days: number; bucketMs: number };

/** Buckets of width `w` that a span can touch, at most. */
export const maxBuckets = (spanMs: number, widthMs: number): number => Math.ceil(spanMs / widthMs) + 1;

export function planCurve(from: number, to: number): CurvePlan {
  const span = to - from;
  if (span <= RAW_MAX_SPAN_MS) return { source: 'raw' };
  if (maxBuckets(span, QUARTER_MS) <= MAX_CURVE_BUCKETS) return { source: '15m', bucketMs: QUARTER_MS };
  if (maxBuckets(span, HOUR_MS) <= MAX_CURVE_BUCKETS) return { source: '1h', bucketMs: HOUR_MS };
  // A local day can be 25 hours long (DST), hence one more day than the span suggests.
  let days = 1;
  while (maxBuckets(span + DAY_MS, days * DAY_MS) > MAX_CURVE_BUCKETS) days++;
  return { source: '1d', days, bucketMs: days * DAY_MS };
}

/** The narrowest round width that decimates raw samples of a span into at most MAX_CURVE_BUCKETS. */
export function rawBucketMs(spanMs: number): number {
  for (const s of RAW_WIDTHS_S) if (maxBuckets(spanMs, s * 1000) <= MAX_CURVE_BUCKETS) return s * 1000;
  let w = (RAW_WIDTHS_S.at(-1) ?? 900) * 1000;
  while (maxBuckets(spanMs, w) > MAX_CURVE_BUCKETS) w *= 2;
  return w;
}
