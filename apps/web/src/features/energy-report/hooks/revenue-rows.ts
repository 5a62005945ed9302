import type { IncomeResult } from '@ess/contract';

export type RevenueRow = { key: string; hasData: boolean; charge: number; discharge: number; revenue: number | null };

/** Revenue per day, or per month (`incomeData`'s monthly sums), a month having data when one of its days has. */
export function revenueRows(income: Pick<IncomeResult, 'days' | 'months'>, byMonth: boolean): RevenueRow[] {
  if (!byMonth) {
    return income.days.map((d) => ({
      key: d.date,
      hasData: d.hasData,
      charge: d.chargeKwh,
      discharge: d.dischargeKwh,
      revenue: d.revenue,
    }));
  }
  return income.months.map((m) => ({
    key: m.month,
    hasData: income.days.some((d) => d.hasData && d.date.startsWith(m.month)),
    charge: m.chargeKwh,
    discharge: m.dischargeKwh,
    revenue: m.revenue,
  }));
}

export type RevenueFacts = {
  total: number | null;
  /** Over the days with data. */
  averagePerDay: number | null;
  best: { date: string; revenue: number } | null;
};

/** Headline figures of the earnings glance. */
export function revenueFacts(income: Pick<IncomeResult, 'days' | 'total'>): RevenueFacts {
  const days = income.days.filter((d) => d.hasData && d.revenue !== null);
  let best: RevenueFacts['best'] = null;
  for (const d of days)
    if (d.revenue !== null && (!best || d.revenue > best.revenue)) best = { date: d.date, revenue: d.revenue };
  const sum = days.reduce((s, d) => s + (d.revenue ?? 0), 0);
  return {
    total: income.total.revenue,
    averagePerDay: days.length > 0 ? Math.round((sum / days.length) * 1e6) / 1e6 : null,
    best,
  };
}
