import { describe, expect, it } from 'vitest';
import { priceInRange, RATE_PRICE_LIMIT, rateSegmentsProblem, rateTemplateProblem, validityProblem } from './rate';
import { EXAMPLE_TOU_PRICES, EXAMPLE_TOU_SEGMENTS, type TouSegment } from './tou';

const seg = (start: string, end: string, period: TouSegment['period'] = 'flat'): TouSegment => ({ start, end, period });

describe('rate template rules (shared by the form and the server)', () => {
  it('takes a cut that covers the day exactly once on quarter hours, in any order', () => {
    expect(rateSegmentsProblem(EXAMPLE_TOU_SEGMENTS)).toBeNull();
    expect(rateSegmentsProblem([...EXAMPLE_TOU_SEGMENTS].reverse())).toBeNull();
    expect(rateSegmentsProblem([seg('00:00', '24:00')])).toBeNull();
    expect(rateSegmentsProblem([seg('00:00', '11:45'), seg('11:45', '24:00')])).toBeNull();
  });

  it('names what is wrong with a cut', () => {
    expect(rateSegmentsProblem([])).toBe('segmentsEmpty');
    expect(rateSegmentsProblem([seg('00:00', '12:00'), seg('11:00', '24:00')])).toBe('segmentsOverlap');
    expect(rateSegmentsProblem([seg('00:00', '12:00'), seg('12:00', '12:00'), seg('12:00', '24:00')])).toBe(
      'segmentsOrder',
    );
    expect(rateSegmentsProblem([seg('00:00', '12:00'), seg('13:00', '24:00')])).toBe('segmentsGap');
    expect(rateSegmentsProblem([seg('01:00', '24:00')])).toBe('segmentsGap');
    expect(rateSegmentsProblem([seg('00:00', '23:00')])).toBe('segmentsGap');
    expect(rateSegmentsProblem([seg('00:00', '08:10'), seg('08:10', '24:00')])).toBe('segmentsQuarter');
  });

  it('keeps prices within ±99,999,999 (spec 5), negative ones included', () => {
    expect(priceInRange(RATE_PRICE_LIMIT)).toBe(true);
    expect(priceInRange(-RATE_PRICE_LIMIT)).toBe(true);
    expect(priceInRange(0)).toBe(true);
    expect(priceInRange(RATE_PRICE_LIMIT + 1)).toBe(false);
    expect(priceInRange(-RATE_PRICE_LIMIT - 0.01)).toBe(false);
    expect(priceInRange(Number.NaN)).toBe(false);
  });

  it('lets a validity end on its start day, never before it; open ends are fine', () => {
    expect(validityProblem('2025-01-01', '2025-01-01')).toBeNull();
    expect(validityProblem('2025-01-02', '2025-01-01')).toBe('validityOrder');
    expect(validityProblem(null, '2025-01-01')).toBeNull();
    expect(validityProblem('2025-01-01', null)).toBeNull();
  });

  it('checks the cut first, then prices, then validity', () => {
    const ok = { segments: EXAMPLE_TOU_SEGMENTS, prices: EXAMPLE_TOU_PRICES, validFrom: null, validTo: null };
    expect(rateTemplateProblem(ok)).toBeNull();
    expect(rateTemplateProblem({ ...ok, segments: [], prices: { ...EXAMPLE_TOU_PRICES, peak: 1e9 } })).toBe(
      'segmentsEmpty',
    );
    expect(
      rateTemplateProblem({
        ...ok,
        prices: { ...EXAMPLE_TOU_PRICES, peak: 1e9 },
        validFrom: '2025-02-01',
        validTo: '2025-01-01',
      }),
    ).toBe('priceRange');
    expect(rateTemplateProblem({ ...ok, validFrom: '2025-02-01', validTo: '2025-01-01' })).toBe('validityOrder');
  });
});
