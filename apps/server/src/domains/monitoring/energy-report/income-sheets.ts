import {
  type IncomeResult,
  type Lang,
  names as n,
  type PeriodEnergy,
  periodsShown,
  TOU_PERIOD_NAMES,
  TOU_PERIODS,
  type TouPeriod,
} from '@ess/contract';
import { datesHeader, type ExportColumn, type ExportSheet } from '../../../lib/export-file';

export const T = {
  date: n('日期', 'Date', 'Fecha', '日付'),
  month: n('月份', 'Month', 'Mes', '月'),
  charge: n('充电量', 'charged', 'cargada', '充電量'),
  discharge: n('放电量', 'discharged', 'descargada', '放電量'),
  chargeTotal: n('总充电量', 'Charged', 'Energía cargada', '総充電量'),
  dischargeTotal: n('总放电量', 'Discharged', 'Energía descargada', '総放電量'),
  revenue: n('收益', 'Revenue', 'Ingresos', '収益'),
  total: n('合计', 'Total', 'Total', '合計'),
  noData: n('无数据', 'no data', 'sin datos', 'データなし'),
  daily: n('充放电数据', 'Charge-discharge data', 'Datos de carga y descarga', '充放電データ'),
  monthly: n('月度汇总', 'Monthly totals', 'Totales mensuales', '月次集計'),
  template: n('电价模板', 'Price template', 'Plantilla de precios', '料金テンプレート'),
  period: n('时段', 'Period', 'Periodo', '時間帯'),
  hours: n('时间', 'Hours', 'Horas', '時間'),
  price: n('电价', 'Price', 'Precio', '単価'),
  earnings: n('收益明细', 'Revenue details', 'Detalle de ingresos', '収益明細'),
  byPeriod: n('分时段收益', 'Revenue by period', 'Ingresos por periodo', '時間帯別の収益'),
  noTemplate: n(
    '未配置电价模板，全天按平段统计，不计收益',
    'No price template: the whole day counts as flat, no revenue',
    'Sin plantilla de precios: todo el día cuenta como llano, sin ingresos',
    '料金テンプレート未設定：終日フラットとして集計し、収益は計算しません',
  ),
};

/** Energy keeps the micro-kWh precision it is summed in, so a day's periods add up to its total in the file too. */
export const kwh = (v: number): number => Math.round(v * 1e6) / 1e6;
export const money = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** A header of the station's dates or months, naming its zone (over the range's days). */
export function stationDatesHeader(income: IncomeResult): (header: string) => string {
  const first = income.days[0]?.date;
  const last = income.days[income.days.length - 1]?.date;
  return (header) =>
    first && last ? datesHeader(header, income.timezone, first, last) : `${header} (${income.timezone})`;
}

/** The monthly totals: energy charged and discharged and the revenue. */
export function monthlySheet(income: IncomeResult, lang: Lang): ExportSheet {
  const cur = income.currency;
  return {
    name: T.monthly[lang],
    columns: [
      { key: 'month', header: stationDatesHeader(income)(T.month[lang]), width: 32 },
      { key: 'charge', header: `${T.chargeTotal[lang]} (kWh)`, width: 16 },
      { key: 'discharge', header: `${T.dischargeTotal[lang]} (kWh)`, width: 16 },
      { key: 'revenue', header: `${T.revenue[lang]} (${cur})`, width: 14 },
    ],
    rows: income.months.map((m) => ({
      month: m.month,
      charge: kwh(m.chargeKwh),
      discharge: kwh(m.dischargeKwh),
      revenue: money(m.revenue),
    })),
  };
}

/** The price template used: each period's hours and price, or a line saying there is none. */
export function templateSheet(income: IncomeResult, lang: Lang): ExportSheet {
  const tpl = income.template;
  return {
    name: tpl ? `${T.template[lang]} ${tpl.name}` : T.template[lang],
    columns: [
      { key: 'period', header: T.period[lang], width: 14 },
      { key: 'hours', header: T.hours[lang], width: 30 },
      { key: 'price', header: `${T.price[lang]} (${income.currency}/kWh)`, width: 14 },
    ],
    rows: tpl
      ? TOU_PERIODS.filter((p) => tpl.segments.some((s) => s.period === p)).map((p) => ({
          period: TOU_PERIOD_NAMES[p][lang],
          hours: tpl.segments
            .filter((s) => s.period === p)
            .map((s) => `${s.start}-${s.end}`)
            .join(', '),
          price: tpl.prices[p],
        }))
      : [{ period: T.noTemplate[lang], hours: null, price: null }],
  };
}

/**
 * The charge-discharge data as sheets: a row per station day with charged and discharged energy
 * per TOU period and in total, then the range's total (CSV takes this first sheet); then the
 * monthly totals and the price template used. Date and month headers name the station's zone.
 */
export function incomeSheets(income: IncomeResult, stationName: string, lang: Lang): ExportSheet[] {
  const periods = periodsShown(income);
  const cur = income.currency;
  // Dates and months are the station's: their headers name its zone.
  const zoned = stationDatesHeader(income);
  const columns: ExportColumn[] = [
    { key: 'date', header: zoned(T.date[lang]), width: 32 },
    ...periods.flatMap((p) => [
      { key: `${p}.c`, header: `${TOU_PERIOD_NAMES[p][lang]} ${T.charge[lang]} (kWh)`, width: 16 },
      { key: `${p}.d`, header: `${TOU_PERIOD_NAMES[p][lang]} ${T.discharge[lang]} (kWh)`, width: 16 },
    ]),
    { key: 'charge', header: `${T.chargeTotal[lang]} (kWh)`, width: 16 },
    { key: 'discharge', header: `${T.dischargeTotal[lang]} (kWh)`, width: 16 },
    { key: 'revenue', header: `${T.revenue[lang]} (${cur})`, width: 14 },
  ];
  const line = (label: string, e: PeriodEnergy, split: Record<TouPeriod, PeriodEnergy> | null) => ({
    date: label,
    ...Object.fromEntries(
      periods.flatMap((p) => [
        [`${p}.c`, split ? kwh(split[p].chargeKwh) : null],
        [`${p}.d`, split ? kwh(split[p].dischargeKwh) : null],
      ]),
    ),
    charge: kwh(e.chargeKwh),
    discharge: kwh(e.dischargeKwh),
    revenue: money(e.revenue),
  });
  const totalSplit = Object.fromEntries(
    TOU_PERIODS.map((p) => [
      p,
      {
        chargeKwh: income.days.reduce((s, d) => s + d.periods[p].chargeKwh, 0),
        dischargeKwh: income.days.reduce((s, d) => s + d.periods[p].dischargeKwh, 0),
        revenue: null,
      },
    ]),
  ) as Record<TouPeriod, PeriodEnergy>;
  const daily: ExportSheet = {
    name: `${stationName} ${T.daily[lang]}`,
    columns,
    rows: [
      ...income.days.map((d) =>
        d.hasData
          ? line(d.date, d, d.periods)
          : { date: d.date, ...Object.fromEntries(columns.slice(1).map((c) => [c.key, null])) },
      ),
      line(T.total[lang], income.total, totalSplit),
    ],
  };
  return [daily, monthlySheet(income, lang), templateSheet(income, lang)];
}

/** `<station code>-charge-discharge-<from>_<to>`: what the browser saves the file as. */
export const incomeFileName = (stationCode: string, from: string, to: string): string =>
  `${stationCode}-charge-discharge-${from}_${to}`;
