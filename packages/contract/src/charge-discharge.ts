/**
 * Charge-discharge data by TOU period (spec 2 "charge-discharge-data"): which periods a table of
 * `incomeData` shows, and its export (`POST /business/openStation/incomeExport`) as CSV or Excel.
 */
import { z } from 'zod';
import { rowId } from './ids';
import { type IncomeResult, MAX_INCOME_DAYS } from './monitoring-api';
import { localDate } from './time-schema';
import { TOU_PERIODS, type TouPeriod } from './tou';

export const INCOME_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type IncomeExportFormat = (typeof INCOME_EXPORT_FORMATS)[number];

export const incomeExportBody = z
  .object({ stationId: rowId, from: localDate, to: localDate, format: z.enum(INCOME_EXPORT_FORMATS) })
  .refine((v) => v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_INCOME_DAYS, {
    message: `from must not be after to, at most ${MAX_INCOME_DAYS} days`,
    path: ['to'],
  });
export type IncomeExportBody = z.infer<typeof incomeExportBody>;

/**
 * The periods worth a column: those the price template cuts the day into (all flat without one),
 * plus any other that holds energy, in the order sharp, peak, flat, valley, deep valley.
 */
export function periodsShown(income: Pick<IncomeResult, 'template' | 'days'>): TouPeriod[] {
  const used = new Set<TouPeriod>(income.template ? income.template.segments.map((s) => s.period) : ['flat']);
  for (const d of income.days) {
    for (const p of TOU_PERIODS) if (d.periods[p].chargeKwh !== 0 || d.periods[p].dischargeKwh !== 0) used.add(p);
  }
  return TOU_PERIODS.filter((p) => used.has(p));
}
