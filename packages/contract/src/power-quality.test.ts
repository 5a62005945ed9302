import { describe, expect, it } from 'vitest';
import { DEFAULT_METER_CONNECTION } from './meter-connection';
import type { CurveSeries } from './monitoring-api';
import { assessSeries, deviationPct, FREQUENCY_LIMITS, type Limits, voltageLimits } from './power-quality';

/** ±7 % of 230 V. */
const VOLTAGE_LIMITS: Limits = { nominal: 230, lower: 213.9, upper: 246.1 };

const Q = 900_000;
const series = (data: [number, number][], opts: Partial<CurveSeries> = {}): CurveSeries => ({
  deviceId: 1,
  code: 'ua',
  name: 'Phase A voltage',
  unit: 'V',
  resolution: '15m',
  bucketMs: Q,
  data,
  ...opts,
});

describe('voltage quality against GB/T 12325', () => {
  it('puts the limits at ±7 % of the meter’s own nominal, and frequency at ±0.2 Hz', () => {
    const lv = voltageLimits(DEFAULT_METER_CONNECTION, 'secondary');
    expect(lv.nominal).toBeCloseTo(230.94, 2);
    expect(lv.lower).toBeCloseTo(214.77, 2);
    expect(lv.upper).toBeCloseTo(247.11, 2);
    // 10 kV behind a 10000/100 PT: 57.7 V on the meter's inputs, 5.77 kV on the feeder.
    const mv = { nominalVoltageV: 10_000, ptRatio: 100, ctRatio: 40 };
    expect(voltageLimits(mv, 'secondary').nominal).toBeCloseTo(57.735, 3);
    expect(voltageLimits(mv, 'secondary').lower).toBeCloseTo(53.694, 3);
    expect(voltageLimits(mv, 'primary').nominal).toBeCloseTo(5773.5, 1);
    expect(deviationPct(58.4, voltageLimits(mv, 'secondary'))).toBeCloseTo(1.15, 2);
    expect(FREQUENCY_LIMITS).toEqual({ nominal: 50, lower: 49.8, upper: 50.2 });
    expect(deviationPct(236.9, VOLTAGE_LIMITS)).toBeCloseTo(3, 9);
  });

  it('weights buckets by their width: share within limits, min and max from the band', () => {
    const s = series(
      [
        [0, 230],
        [Q, 231],
        [2 * Q, 248],
        [3 * Q, 232],
      ],
      {
        band: [
          [0, 228, 233],
          [Q, 210, 235],
          [2 * Q, 244, 251],
          [3 * Q, 229, 234],
        ],
      },
    );
    const r = assessSeries(s, VOLTAGE_LIMITS);
    expect(r.withinShare).toBe(0.75);
    // The dip to 210 V inside bucket 2 shows in the minimum though its average was within limits.
    expect(r.min).toEqual({ value: 210, ts: Q });
    expect(r.max).toEqual({ value: 251, ts: 2 * Q });
    expect(r.excursions).toEqual([{ side: 'high', start: 2 * Q, end: 3 * Q, extreme: 251 }]);
  });

  it('joins consecutive buckets on the same side into one excursion, and splits at a change of side', () => {
    const r = assessSeries(
      series([
        [0, 212],
        [Q, 211],
        [2 * Q, 247],
        [3 * Q, 230],
        [4 * Q, 213],
      ]),
      VOLTAGE_LIMITS,
    );
    expect(r.excursions).toEqual([
      { side: 'low', start: 0, end: 2 * Q, extreme: 211 },
      { side: 'high', start: 2 * Q, end: 3 * Q, extreme: 247 },
      { side: 'low', start: 4 * Q, end: 5 * Q, extreme: 213 },
    ]);
    expect(r.withinShare).toBeCloseTo(0.2, 9);
  });

  it('weights raw samples by the time to the next one, a data gap counting as neither', () => {
    const raw = series(
      [
        [0, 230],
        [10_000, 250],
        [20_000, 230],
        [30_000, 230],
        // Ten minutes without data: counted as three typical intervals only.
        [630_000, 230],
      ],
      { bucketMs: null, resolution: 'raw' },
    );
    const r = assessSeries(raw, VOLTAGE_LIMITS);
    // Weights 10, 10, 10, 30 (capped gap) and 10 s (the last sample: a typical interval).
    expect(r.withinShare).toBeCloseTo(60_000 / 70_000, 9);
    expect(r.excursions).toEqual([{ side: 'high', start: 10_000, end: 20_000, extreme: 250 }]);
  });

  it('has no share, extremes or excursions without data', () => {
    expect(assessSeries(series([]), VOLTAGE_LIMITS)).toEqual({
      min: null,
      max: null,
      withinShare: null,
      excursions: [],
    });
  });
});
