import { type MeterConnection, type MeterSide, nominalPhaseV } from './meter-connection';
import type { CurveSeries } from './monitoring-api';

/**
 * Power quality of a meter (spec: power quality page): its phase voltages against GB/T 12325
 * and frequency against GB/T 15945, with the share of time within limits and the excursions.
 * Shared by the web page and the server's tests; the voltage limits come from the meter's own
 * connection (meter-connection.ts), never from a fixed 230 V.
 */

/** GB/T 12325: supply voltage deviation of three-phase systems up to 20 kV within ±7 % of nominal. */
export const VOLTAGE_TOLERANCE = 0.07;
export const NOMINAL_HZ = 50;
/** GB/T 15945: frequency deviation within ±0.2 Hz in normal operation. */
export const FREQUENCY_TOLERANCE_HZ = 0.2;

export type Limits = { nominal: number; lower: number; upper: number };

/**
 * Phase-voltage limits of a meter on one side of its transformers: ±7 % of its own nominal
 * (10 kV line → 5.77 kV primary, 57.7 V secondary behind 10000/100; 400 V → 230.9 V).
 */
export function voltageLimits(connection: MeterConnection, side: MeterSide): Limits {
  const nominal = nominalPhaseV(connection, side);
  return { nominal, lower: nominal * (1 - VOLTAGE_TOLERANCE), upper: nominal * (1 + VOLTAGE_TOLERANCE) };
}

export const FREQUENCY_LIMITS: Limits = {
  nominal: NOMINAL_HZ,
  lower: NOMINAL_HZ - FREQUENCY_TOLERANCE_HZ,
  upper: NOMINAL_HZ + FREQUENCY_TOLERANCE_HZ,
};

/** A stretch of time with the value outside its limits, and how far it went. */
export type Excursion = { side: 'high' | 'low'; start: number; end: number; extreme: number };

export type QualityStats = {
  min: { value: number; ts: number } | null;
  max: { value: number; ts: number } | null;
  /** Share (0..1) of the covered time with the value within limits; null without data. */
  withinShare: number | null;
  excursions: Excursion[];
};

type Entry = { ts: number; value: number; low: number; high: number; weight: number };

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] ?? 0) : 0;
};

/**
 * Each entry with the time it stands for: a bucket its width; a raw sample the time until the
 * next one, capped at three typical intervals so a gap in the data is not counted as either.
 */
function entries(series: CurveSeries): Entry[] {
  const band = new Map((series.band ?? []).map(([ts, lo, hi]) => [ts, { lo, hi }]));
  const steps = series.data.slice(1).map(([ts], i) => ts - (series.data[i]?.[0] ?? ts));
  const typical = series.bucketMs ?? (median(steps) || 1000);
  return series.data.map(([ts, value], i) => {
    const next = series.data[i + 1]?.[0];
    const weight = series.bucketMs ?? (next === undefined ? typical : Math.min(next - ts, 3 * typical));
    const b = band.get(ts);
    return { ts, value, low: b?.lo ?? value, high: b?.hi ?? value, weight };
  });
}

/**
 * Quality of one series against its limits. The share of time within limits and the excursions
 * follow the series' values (raw samples, or bucket averages as the standards assess averaged
 * values); minimum and maximum use the buckets' min/max band, so short dips are not hidden.
 */
export function assessSeries(series: CurveSeries, limits: Limits): QualityStats {
  const list = entries(series);
  let min: QualityStats['min'] = null;
  let max: QualityStats['max'] = null;
  let covered = 0;
  let within = 0;
  const excursions: Excursion[] = [];
  let open: (Excursion & { gapUntil: number }) | null = null;
  for (const e of list) {
    if (!min || e.low < min.value) min = { value: e.low, ts: e.ts };
    if (!max || e.high > max.value) max = { value: e.high, ts: e.ts };
    covered += e.weight;
    const side = e.value < limits.lower ? 'low' : e.value > limits.upper ? 'high' : null;
    if (side === null) {
      within += e.weight;
      open = null;
      continue;
    }
    const extreme = side === 'low' ? e.low : e.high;
    if (open && open.side === side && e.ts <= open.gapUntil) {
      open.end = e.ts + e.weight;
      open.extreme = side === 'low' ? Math.min(open.extreme, extreme) : Math.max(open.extreme, extreme);
      open.gapUntil = open.end + e.weight;
      const last = excursions[excursions.length - 1];
      if (last) Object.assign(last, { end: open.end, extreme: open.extreme });
    } else {
      open = { side, start: e.ts, end: e.ts + e.weight, extreme, gapUntil: e.ts + 2 * e.weight };
      excursions.push({ side, start: open.start, end: open.end, extreme });
    }
  }
  return { min, max, withinShare: covered > 0 ? within / covered : null, excursions };
}

/** Deviation from nominal in percent (e.g. +3.2 for 237.4 V). */
export const deviationPct = (value: number, limits: Limits): number =>
  ((value - limits.nominal) / limits.nominal) * 100;
