import { type DayIncome, type IncomeResult, roundTripEfficiency, TOU_PERIODS, type TouPeriod } from '@ess/contract';

/**
 * The arithmetic of the charge-discharge table, in whole micro-kWh like the server: a day's
 * periods add up to its total exactly, and the total row is the sum of the days.
 */
const MICRO = 1_000_000;
const micro = (kwh: number): number => Math.round(kwh * MICRO);
const kwh = (m: number): number => m / MICRO;

export type PeriodCell = { charge: number; discharge: number; revenue: number | null };
export type EnergyRow = {
  /** `YYYY-MM-DD`, or `total`. */
  key: string;
  hasData: boolean;
  periods: Record<TouPeriod, PeriodCell>;
  charge: number;
  discharge: number;
  revenue: number | null;
  /** The periods add up to the total (always, unless the answer was altered on the way). */
  consistent: boolean;
  /** Every day of the row is whole (the server's `isWholeDay`); a partial day is marked. */
  whole: boolean;
  /** What the whole days charged and discharged: all efficiency divides (`wholeDayEfficiency`). */
  wholeCharge: number;
  wholeDischarge: number;
};

const sumMicro = (values: number[]) => values.reduce((s, v) => s + micro(v), 0);
const sumMoney = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 1e6) / 1e6;

/** A day of `incomeData` as a table row, its totals checked against its periods. */
export function dayRow(d: DayIncome): EnergyRow {
  const charge = sumMicro(TOU_PERIODS.map((p) => d.periods[p].chargeKwh));
  const discharge = sumMicro(TOU_PERIODS.map((p) => d.periods[p].dischargeKwh));
  return {
    key: d.date,
    hasData: d.hasData,
    periods: Object.fromEntries(
      TOU_PERIODS.map((p) => [
        p,
        { charge: d.periods[p].chargeKwh, discharge: d.periods[p].dischargeKwh, revenue: d.periods[p].revenue },
      ]),
    ) as Record<TouPeriod, PeriodCell>,
    charge: kwh(charge),
    discharge: kwh(discharge),
    revenue: d.revenue,
    consistent: charge === micro(d.chargeKwh) && discharge === micro(d.dischargeKwh),
    // A server that does not say counts every day, as before.
    whole: d.whole !== false,
    wholeCharge: d.whole === false ? 0 : kwh(charge),
    wholeDischarge: d.whole === false ? 0 : kwh(discharge),
  };
}

/** The total row: every period and total summed over the days (in micro-kWh). */
export function totalRow(rows: readonly EnergyRow[]): EnergyRow {
  const periods = Object.fromEntries(
    TOU_PERIODS.map((p) => [
      p,
      {
        charge: kwh(sumMicro(rows.map((r) => r.periods[p].charge))),
        discharge: kwh(sumMicro(rows.map((r) => r.periods[p].discharge))),
        revenue: sumMoney(rows.map((r) => r.periods[p].revenue)),
      },
    ]),
  ) as Record<TouPeriod, PeriodCell>;
  const charge = sumMicro(rows.map((r) => r.charge));
  const discharge = sumMicro(rows.map((r) => r.discharge));
  return {
    key: 'total',
    hasData: rows.some((r) => r.hasData),
    periods,
    charge: kwh(charge),
    discharge: kwh(discharge),
    revenue: sumMoney(rows.map((r) => r.revenue)),
    consistent:
      charge === sumMicro(TOU_PERIODS.map((p) => periods[p].charge)) &&
      discharge === sumMicro(TOU_PERIODS.map((p) => periods[p].discharge)),
    whole: rows.every((r) => r.whole),
    wholeCharge: kwh(sumMicro(rows.map((r) => r.wholeCharge))),
    wholeDischarge: kwh(sumMicro(rows.map((r) => r.wholeDischarge))),
  };
}

/** Rows of the range and their total. */
export function energyRows(income: Pick<IncomeResult, 'days'>): { rows: EnergyRow[]; total: EnergyRow } {
  const rows = income.days.map(dayRow);
  return { rows, total: totalRow(rows) };
}

/** Discharged over charged energy of the row's whole days, in % (null without a whole day that charged). */
export const efficiencyOf = (r: Pick<EnergyRow, 'wholeCharge' | 'wholeDischarge'>): number | null =>
  roundTripEfficiency(r.wholeCharge, r.wholeDischarge);
