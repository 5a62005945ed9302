import { EXAMPLE_TOU_PRICES, EXAMPLE_TOU_SEGMENTS, type RateTemplateBody } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { pricedPast, rewritesPast } from './priced-past';
import type { TouTemplateRow } from './rate-lookup';

const row: TouTemplateRow = {
  id: 1,
  code: 'T1',
  name: 'T1',
  names: {},
  electricityType: 'commercial',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: EXAMPLE_TOU_PRICES,
  currency: 'CNY',
  validFrom: '2025-01-01',
  validTo: null,
  enabled: true,
  createTime: new Date(0),
  updateTime: new Date(0),
};
const body = (over: Partial<RateTemplateBody> = {}): RateTemplateBody => ({
  code: row.code,
  name: row.name,
  electricityType: row.electricityType,
  currency: row.currency,
  segments: row.segments,
  prices: row.prices,
  validFrom: row.validFrom,
  validTo: row.validTo,
  enabled: row.enabled,
  ...over,
});
// 2025-06-15 12:00 in Shanghai.
const NOW = Date.parse('2025-06-15T04:00:00Z');

describe('a template that priced past days', () => {
  it('priced them when an assignment began before the station’s today while it was valid', () => {
    const sh = 'Asia/Shanghai';
    expect(pricedPast(row, [{ validFrom: null, timezone: sh }], NOW)).toEqual(['2025-06-15']);
    expect(pricedPast(row, [{ validFrom: '2025-06-14', timezone: sh }], NOW)).toEqual(['2025-06-15']);
    expect(pricedPast(row, [{ validFrom: '2025-06-15', timezone: sh }], NOW)).toEqual([]);
    expect(pricedPast({ ...row, validFrom: '2025-07-01' }, [{ validFrom: null, timezone: sh }], NOW)).toEqual([]);
  });

  it('refuses prices, cut, currency and a validity over a past day; name and a later end pass', () => {
    const today = '2025-06-15';
    expect(rewritesPast(row, body({ prices: { ...row.prices, peak: 9 } }), today)).toBe(true);
    expect(rewritesPast(row, body({ segments: [{ start: '00:00', end: '24:00', period: 'flat' }] }), today)).toBe(true);
    expect(rewritesPast(row, body({ currency: 'EUR' }), today)).toBe(true);
    expect(rewritesPast(row, body({ validFrom: '2025-02-01' }), today)).toBe(true);
    expect(rewritesPast(row, body({ validTo: '2025-06-01' }), today)).toBe(true);
    expect(rewritesPast(row, body({ name: 'Renamed', code: 'T1b' }), today)).toBe(false);
    expect(rewritesPast(row, body({ validTo: '2025-12-31' }), today)).toBe(false);
    // Prices given back with their keys in another order are the same prices.
    const reordered = Object.fromEntries(Object.entries(row.prices).reverse()) as RateTemplateBody['prices'];
    expect(rewritesPast(row, body({ prices: reordered }), today)).toBe(false);
  });
});
