import { describe, expect, it } from 'vitest';
import { incomeExportBody, periodsShown } from './charge-discharge';
import type { DayIncome, IncomeResult } from './monitoring-api';
import { EXAMPLE_TOU_PRICES, EXAMPLE_TOU_SEGMENTS } from './tou';

const zero = { chargeKwh: 0, dischargeKwh: 0, revenue: 0 };
const day = (periods: Partial<DayIncome['periods']> = {}): DayIncome => ({
  date: '2026-01-01',
  hasData: true,
  chargeKwh: 0,
  dischargeKwh: 0,
  revenue: 0,
  periods: { sharp: zero, peak: zero, flat: zero, valley: zero, deepValley: zero, ...periods },
});
const template: IncomeResult['template'] = {
  id: 1,
  code: 'T',
  name: 'T',
  currency: 'CNY',
  segments: EXAMPLE_TOU_SEGMENTS,
  prices: EXAMPLE_TOU_PRICES,
  validFrom: null,
  validTo: null,
};

describe('charge-discharge data', () => {
  it('shows the template’s periods, plus any other that holds energy, in tariff order', () => {
    expect(periodsShown({ template, days: [day()] })).toEqual(['peak', 'flat', 'valley']);
    expect(periodsShown({ template, days: [day({ sharp: { ...zero, dischargeKwh: 1 } })] })).toEqual([
      'sharp',
      'peak',
      'flat',
      'valley',
    ]);
    expect(periodsShown({ template: null, days: [] })).toEqual(['flat']);
  });

  it('exports a range of at most two years, as CSV or Excel', () => {
    const ok = { stationId: 1, from: '2026-01-01', to: '2026-01-31', format: 'xlsx' };
    expect(incomeExportBody.safeParse(ok).success).toBe(true);
    expect(incomeExportBody.safeParse({ ...ok, format: 'pdf' }).success).toBe(false);
    expect(incomeExportBody.safeParse({ ...ok, from: '2026-02-01' }).success).toBe(false);
    expect(incomeExportBody.safeParse({ ...ok, from: '2023-01-01' }).success).toBe(false);
  });
});
