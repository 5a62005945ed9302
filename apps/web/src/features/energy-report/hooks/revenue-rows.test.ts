import type { DayIncome, IncomeResult } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { revenueFacts, revenueRows } from './revenue-rows';

const zero = { chargeKwh: 0, dischargeKwh: 0, revenue: 0 };
const day = (date: string, revenue: number | null, hasData = true): DayIncome => ({
  date,
  hasData,
  chargeKwh: hasData ? 100 : 0,
  dischargeKwh: hasData ? 90 : 0,
  revenue,
  periods: { sharp: zero, peak: zero, flat: zero, valley: zero, deepValley: zero },
});

const income: Pick<IncomeResult, 'days' | 'months' | 'total'> = {
  days: [day('2026-01-31', 40), day('2026-02-01', 0, false), day('2026-02-02', -5), day('2026-02-03', 55.5)],
  months: [
    { month: '2026-01', chargeKwh: 100, dischargeKwh: 90, revenue: 40 },
    { month: '2026-02', chargeKwh: 200, dischargeKwh: 180, revenue: 50.5 },
  ],
  total: { chargeKwh: 300, dischargeKwh: 270, revenue: 90.5 },
};

describe('earnings rows', () => {
  it('lists days or months, a month with data when any of its days has', () => {
    expect(revenueRows(income, false).map((r) => [r.key, r.hasData, r.revenue])).toEqual([
      ['2026-01-31', true, 40],
      ['2026-02-01', false, 0],
      ['2026-02-02', true, -5],
      ['2026-02-03', true, 55.5],
    ]);
    expect(revenueRows(income, true)).toEqual([
      { key: '2026-01', hasData: true, charge: 100, discharge: 90, revenue: 40 },
      { key: '2026-02', hasData: true, charge: 200, discharge: 180, revenue: 50.5 },
    ]);
  });

  it('averages over days with data and finds the best day', () => {
    expect(revenueFacts(income)).toEqual({
      total: 90.5,
      averagePerDay: Math.round((90.5 / 3) * 1e6) / 1e6,
      best: { date: '2026-02-03', revenue: 55.5 },
    });
    expect(revenueFacts({ days: [day('2026-01-01', null)], total: { ...income.total, revenue: null } })).toEqual({
      total: null,
      averagePerDay: null,
      best: null,
    });
  });
});
