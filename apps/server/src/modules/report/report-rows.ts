import { roundTripEfficiency, type StationReportRow, TOU_PERIODS } from '@ess/contract';
import { roundMoney } from '../energy/energy.service';
import { fromMicro, type PeriodMicro, sumPeriods } from '../energy/period-split';

/**
 * What is known of one day (or, merged, of a month or the whole range). Energy in micro-kWh so
 * that months and totals are exact sums of their days; null where the source had no data.
 */
export type PeriodFacts = {
  hasData: boolean;
  charge: PeriodMicro | null;
  discharge: PeriodMicro | null;
  /** Arbitrage revenue, each day under the template valid on it; null where no day had a price. */
  revenue: number | null;
  pv: number | null;
  load: number | null;
  gridImport: number | null;
  gridExport: number | null;
  socMin: number | null;
  socMax: number | null;
  /** Device quarter-hours with data, and those that could have had data. */
  present: number;
  expected: number;
};

export const emptyFacts = (): PeriodFacts => ({
  hasData: false,
  charge: null,
  discharge: null,
  revenue: null,
  pv: null,
  load: null,
  gridImport: null,
  gridExport: null,
  socMin: null,
  socMax: null,
  present: 0,
  expected: 0,
});

const sum = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);
const pick = (a: number | null, b: number | null, f: (x: number, y: number) => number) =>
  a === null ? b : b === null ? a : f(a, b);
const sumPeriodsOf = (a: PeriodMicro | null, b: PeriodMicro | null): PeriodMicro | null =>
  a === null ? b : b === null ? a : (Object.fromEntries(TOU_PERIODS.map((p) => [p, a[p] + b[p]])) as PeriodMicro);

/** Facts of two periods together: energies add, SOC extremes widen, coverage adds. */
export function mergeFacts(a: PeriodFacts, b: PeriodFacts): PeriodFacts {
  return {
    hasData: a.hasData || b.hasData,
    charge: sumPeriodsOf(a.charge, b.charge),
    discharge: sumPeriodsOf(a.discharge, b.discharge),
    revenue: sum(a.revenue, b.revenue),
    pv: sum(a.pv, b.pv),
    load: sum(a.load, b.load),
    gridImport: sum(a.gridImport, b.gridImport),
    gridExport: sum(a.gridExport, b.gridExport),
    socMin: pick(a.socMin, b.socMin, Math.min),
    socMax: pick(a.socMax, b.socMax, Math.max),
    present: a.present + b.present,
    expected: a.expected + b.expected,
  };
}

const kwh = (micro: number | null): number | null => (micro === null ? null : fromMicro(micro));

/** A report row: efficiency = discharged / charged, revenue as its days were priced. */
export function toRow(period: string, f: PeriodFacts): StationReportRow {
  const charge = f.charge ? sumPeriods(f.charge) : null;
  const discharge = f.discharge ? sumPeriods(f.discharge) : null;
  return {
    period,
    hasData: f.hasData,
    chargeKwh: kwh(charge),
    dischargeKwh: kwh(discharge),
    efficiency: roundTripEfficiency(charge, discharge),
    pvKwh: kwh(f.pv),
    loadKwh: kwh(f.load),
    gridImportKwh: kwh(f.gridImport),
    gridExportKwh: kwh(f.gridExport),
    revenue: f.revenue === null ? null : roundMoney(f.revenue),
    socMax: f.socMax,
    socMin: f.socMin,
    onlineRate: f.expected > 0 ? Math.min(100, (f.present / f.expected) * 100) : null,
  };
}

/** Days grouped by calendar month (`YYYY-MM`), in order. */
export function byMonth(days: [string, PeriodFacts][]): [string, PeriodFacts][] {
  const months = new Map<string, PeriodFacts>();
  for (const [date, f] of days) {
    const key = date.slice(0, 7);
    months.set(key, mergeFacts(months.get(key) ?? emptyFacts(), f));
  }
  return [...months];
}

/** The quarter-hours of [start, end) (epoch ms), counting a begun quarter as a whole one. */
export const quartersBetween = (start: number, end: number): number =>
  end > start ? Math.ceil((end - start) / 900_000) : 0;
