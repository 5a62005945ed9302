import { type DayCoverage, isWholeDay, roundTripEfficiency, type StationReportRow, TOU_PERIODS } from '@ess/contract';
import { fromMicro, type PeriodMicro, roundMoney, sumPeriods } from '../energy';

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
  /** Days, whole days (`isWholeDay`), and what the whole days charged and discharged (micro-kWh). */
  days: number;
  wholeDays: number;
  wholeCharge: number;
  wholeDischarge: number;
  /** Storage meter quarter-hours read, of those the days have. */
  storageQuarters: number;
  storageExpected: number;
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
  days: 0,
  wholeDays: 0,
  wholeCharge: 0,
  wholeDischarge: 0,
  storageQuarters: 0,
  storageExpected: 0,
});

/** The facts of one day before its data is added: a day, whole or not as its coverage says. */
export const dayFacts = (): PeriodFacts => ({ ...emptyFacts(), days: 1 });

/** A day's storage energy with its coverage: only a whole day adds to what efficiency divides. */
export function withStorage(
  f: PeriodFacts,
  charge: PeriodMicro,
  discharge: PeriodMicro,
  coverage: DayCoverage,
): PeriodFacts {
  const whole = isWholeDay(coverage);
  return {
    ...f,
    charge,
    discharge,
    wholeDays: whole ? 1 : 0,
    wholeCharge: whole ? sumPeriods(charge) : 0,
    wholeDischarge: whole ? sumPeriods(discharge) : 0,
    storageQuarters: coverage.quarters,
    storageExpected: coverage.expected,
  };
}

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
    days: a.days + b.days,
    wholeDays: a.wholeDays + b.wholeDays,
    wholeCharge: a.wholeCharge + b.wholeCharge,
    wholeDischarge: a.wholeDischarge + b.wholeDischarge,
    storageQuarters: a.storageQuarters + b.storageQuarters,
    storageExpected: a.storageExpected + b.storageExpected,
  };
}

const kwh = (micro: number | null): number | null => (micro === null ? null : fromMicro(micro));

/**
 * A report row: efficiency = discharged / charged over the whole days only (the rule of
 * `wholeDayEfficiency`, summed here in exact micro-kWh), revenue as its days were priced.
 */
export function toRow(period: string, f: PeriodFacts): StationReportRow {
  const charge = f.charge ? sumPeriods(f.charge) : null;
  const discharge = f.discharge ? sumPeriods(f.discharge) : null;
  return {
    period,
    hasData: f.hasData,
    chargeKwh: kwh(charge),
    dischargeKwh: kwh(discharge),
    efficiency: f.wholeDays > 0 ? roundTripEfficiency(f.wholeCharge, f.wholeDischarge) : null,
    partial: f.wholeDays < f.days,
    days: f.days,
    wholeDays: f.wholeDays,
    storageCoverage:
      f.storageExpected > 0 ? Math.min(100, (f.storageQuarters / f.storageExpected) * 100) : f.days > 0 ? 0 : null,
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
