import { MAX_CURVE_BUCKETS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, maxBuckets, planCurve, QUARTER_MS, rawBucketMs } from './curve-plan';

describe('planCurve', () => {
  it('reads raw samples up to a day, then the finest roll-up within 1000 buckets', () => {
    expect(planCurve(0, HOUR_MS)).toEqual({ source: 'raw' });
    expect(planCurve(0, DAY_MS)).toEqual({ source: 'raw' });
    expect(planCurve(0, DAY_MS + 1)).toEqual({ source: '15m', bucketMs: QUARTER_MS });
    expect(planCurve(0, 10 * DAY_MS)).toEqual({ source: '15m', bucketMs: QUARTER_MS });
    expect(planCurve(0, 11 * DAY_MS)).toEqual({ source: '1h', bucketMs: HOUR_MS });
    expect(planCurve(0, 41 * DAY_MS)).toEqual({ source: '1h', bucketMs: HOUR_MS });
    expect(planCurve(0, 42 * DAY_MS)).toEqual({ source: '1d', days: 1, bucketMs: DAY_MS });
    expect(planCurve(0, 366 * DAY_MS)).toEqual({ source: '1d', days: 1, bucketMs: DAY_MS });
    expect(planCurve(0, 5 * 366 * DAY_MS)).toEqual({ source: '1d', days: 2, bucketMs: 2 * DAY_MS });
  });

  it('never plans more than 1000 buckets, whatever the span', () => {
    for (let span = HOUR_MS; span < 6 * 366 * DAY_MS; span = Math.ceil(span * 1.07)) {
      const plan = planCurve(1_700_000_000_123, 1_700_000_000_123 + span);
      if (plan.source === 'raw') expect(maxBuckets(span, rawBucketMs(span))).toBeLessThanOrEqual(MAX_CURVE_BUCKETS);
      else if (plan.source === '1d')
        expect(maxBuckets(span + DAY_MS, plan.bucketMs)).toBeLessThanOrEqual(MAX_CURVE_BUCKETS);
      else expect(maxBuckets(span, plan.bucketMs)).toBeLessThanOrEqual(MAX_CURVE_BUCKETS);
    }
  });

  it('decimates raw samples into round widths', () => {
    expect(rawBucketMs(10 * 60_000)).toBe(1_000);
    expect(rawBucketMs(HOUR_MS)).toBe(5_000);
    expect(rawBucketMs(6 * HOUR_MS)).toBe(30_000);
    expect(rawBucketMs(DAY_MS)).toBe(120_000);
  });
});
