import { type IncomeResult, type Lang, periodsShown, TOU_PERIOD_NAMES, type TouPeriod } from '@ess/contract';
import type { ExportSheet } from '../../../lib/export-file';
import { kwh, money, monthlySheet, stationDatesHeader, T, templateSheet } from './income-sheets';

/** The range's revenue of one TOU period: null without a template (no day has a price then). */
function periodRevenue(income: IncomeResult, p: TouPeriod): number | null {
  let sum = 0;
  for (const d of income.days) {
    const r = d.periods[p].revenue;
    if (r === null) return null;
    sum += r;
  }
  return sum;
}

/**
 * The earnings glance as sheets: revenue per station day with the energy charged and discharged
 * (days without readings empty), then the range's total (CSV takes this first sheet); the
 * monthly totals; revenue per TOU period with its price; the price template used. Date and month
 * headers name the station's zone.
 */
export function earningsSheets(income: IncomeResult, stationName: string, lang: Lang): ExportSheet[] {
  const cur = income.currency;
  const zoned = stationDatesHeader(income);
  const energy = [
    { key: 'charge', header: `${T.chargeTotal[lang]} (kWh)`, width: 16 },
    { key: 'discharge', header: `${T.dischargeTotal[lang]} (kWh)`, width: 16 },
  ];
  const revenue = { key: 'revenue', header: `${T.revenue[lang]} (${cur})`, width: 14 };
  const daily: ExportSheet = {
    name: `${stationName} ${T.earnings[lang]}`,
    columns: [{ key: 'date', header: zoned(T.date[lang]), width: 32 }, ...energy, revenue],
    rows: [
      ...income.days.map((d) =>
        d.hasData
          ? { date: d.date, charge: kwh(d.chargeKwh), discharge: kwh(d.dischargeKwh), revenue: money(d.revenue) }
          : { date: d.date, charge: null, discharge: null, revenue: null },
      ),
      {
        date: T.total[lang],
        charge: kwh(income.total.chargeKwh),
        discharge: kwh(income.total.dischargeKwh),
        revenue: money(income.total.revenue),
      },
    ],
  };
  const sum = (p: TouPeriod, k: 'chargeKwh' | 'dischargeKwh') =>
    kwh(income.days.reduce((s, d) => s + d.periods[p][k], 0));
  const byPeriod: ExportSheet = {
    name: T.byPeriod[lang],
    columns: [
      { key: 'period', header: T.period[lang], width: 14 },
      ...energy,
      { key: 'price', header: `${T.price[lang]} (${cur}/kWh)`, width: 14 },
      revenue,
    ],
    rows: [
      ...periodsShown(income).map((p) => ({
        period: TOU_PERIOD_NAMES[p][lang],
        charge: sum(p, 'chargeKwh'),
        discharge: sum(p, 'dischargeKwh'),
        // One price per period only when one template priced the whole range.
        price: income.template && (income.templates?.length ?? 1) <= 1 ? income.template.prices[p] : null,
        revenue: money(periodRevenue(income, p)),
      })),
      {
        period: T.total[lang],
        charge: kwh(income.total.chargeKwh),
        discharge: kwh(income.total.dischargeKwh),
        price: null,
        revenue: money(income.total.revenue),
      },
    ],
  };
  return [daily, monthlySheet(income, lang), byPeriod, templateSheet(income, lang)];
}

/** `<station code>-earnings-<from>_<to>`: what the browser saves the file as. */
export const earningsFileName = (stationCode: string, from: string, to: string): string =>
  `${stationCode}-earnings-${from}_${to}`;
