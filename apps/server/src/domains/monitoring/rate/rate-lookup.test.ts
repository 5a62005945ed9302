import { EXAMPLE_TOU_PRICES, EXAMPLE_TOU_SEGMENTS } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { type StationTariff, type TouTemplateRow, tariffRuns, templateOn, validOn, withVersion } from './rate-lookup';

const t = (id: number, validFrom: string | null, validTo: string | null, enabled = true): TouTemplateRow => ({
  id,
  code: `T${id}`,
  name: `T${id}`,
  names: {},
  electricityType: 'commercial',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: EXAMPLE_TOU_PRICES,
  currency: 'CNY',
  validFrom,
  validTo,
  enabled,
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

  it('is the one of the assignment in force that day, if enabled and valid then', () => {
    const tariff: StationTariff = [
      { validFrom: null, template: t(1, null, null) },
      { validFrom: '2025-01-10', template: t(2, null, '2025-01-20') },
      { validFrom: '2025-02-01', template: t(3, null, null, false) },
    ];
    expect(templateOn(tariff, '2025-01-09')?.id).toBe(1);
    expect(templateOn(tariff, '2025-01-10')?.id).toBe(2);
    // Past its own validity, or disabled, the assigned template prices nothing.
    expect(templateOn(tariff, '2025-01-21')).toBeNull();
    expect(templateOn(tariff, '2025-02-01')).toBeNull();
    expect(templateOn([{ validFrom: '2025-01-10', template: t(1, null, null) }], '2025-01-09')).toBeNull();
  });

  it('gives way from a new assignment on, keeping the days before', () => {
    const tariff: StationTariff = [
      { validFrom: null, template: t(1, null, null) },
      { validFrom: '2025-01-10', template: t(2, null, null) },
    ];
    const next = withVersion(tariff, '2025-01-05', t(3, null, null));
    expect(next.map((v) => [v.validFrom, v.template?.id])).toEqual([
      [null, 1],
      ['2025-01-05', 3],
    ]);
  });

  it('cuts a range into runs of days sharing their template, gaps priced by none', () => {
    const tariff: StationTariff = [
      { validFrom: null, template: t(1, null, '2025-01-02') },
      { validFrom: '2025-01-04', template: t(2, null, null) },
    ];
    expect(templateOn(tariff, '2025-01-03')).toBeNull();
    expect(tariffRuns(tariff, '2025-01-01', '2025-01-05').map((r) => [r.from, r.to, r.template?.id ?? null])).toEqual([
      ['2025-01-01', '2025-01-02', 1],
      ['2025-01-03', '2025-01-03', null],
      ['2025-01-04', '2025-01-05', 2],
    ]);
  });
});
