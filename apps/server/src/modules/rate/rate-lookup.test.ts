import { EXAMPLE_TOU_PRICES, EXAMPLE_TOU_SEGMENTS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { type TouTemplateRow, tariffRuns, templateOn, validitiesOverlap, validOn } from './rate-lookup';

const t = (id: number, validFrom: string | null, validTo: string | null): TouTemplateRow => ({
  id,
  code: `T${id}`,
  name: `T${id}`,
  electricityType: 'commercial',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: EXAMPLE_TOU_PRICES,
  currency: 'CNY',
  validFrom,
  validTo,
  enabled: true,
  createTime: new Date(0),
  updateTime: new Date(0),
});

describe('the template of a local day', () => {
  it('is valid from its start to its end day inclusive, open ends unbounded', () => {
    expect(validOn(t(1, '2025-01-01', '2025-01-31'), '2025-01-01')).toBe(true);
    expect(validOn(t(1, '2025-01-01', '2025-01-31'), '2025-01-31')).toBe(true);
    expect(validOn(t(1, '2025-01-01', '2025-01-31'), '2025-02-01')).toBe(false);
    expect(validOn(t(1, null, null), '1999-12-31')).toBe(true);
    expect(validOn(t(1, '2025-01-01', null), '2024-12-31')).toBe(false);
  });

  it('overlaps another when they share a day', () => {
    expect(validitiesOverlap(t(1, null, '2025-01-31'), t(2, '2025-02-01', null))).toBe(false);
    expect(validitiesOverlap(t(1, null, '2025-02-01'), t(2, '2025-02-01', null))).toBe(true);
    expect(validitiesOverlap(t(1, null, null), t(2, '2030-01-01', '2030-01-01'))).toBe(true);
    expect(validitiesOverlap(t(1, '2025-03-01', '2025-03-31'), t(2, '2025-01-01', '2025-02-28'))).toBe(false);
  });

  it('cuts a range into runs of days sharing their template, gaps priced by none', () => {
    const list = [t(1, null, '2025-01-02'), t(2, '2025-01-04', null)];
    expect(templateOn(list, '2025-01-03')).toBeNull();
    expect(tariffRuns(list, '2025-01-01', '2025-01-05').map((r) => [r.from, r.to, r.template?.id ?? null])).toEqual([
      ['2025-01-01', '2025-01-02', 1],
      ['2025-01-03', '2025-01-03', null],
      ['2025-01-04', '2025-01-05', 2],
    ]);
  });
});
