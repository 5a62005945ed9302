import { type CarbonFigures, emissionKg } from '@ess/contract';
import type { CounterDay } from '../../monitoring/energy';

/** One station-local day of a station's counters (undefined: that meter is missing). */
export type StationDay = {
  date: string;
  ended: boolean;
  pv: CounterDay | undefined;
  charge: CounterDay | undefined;
  discharge: CounterDay | undefined;
  aux: CounterDay | undefined;
};

/**
 * Figures being added up: energies in micro-kWh (exact sums), emissions in kg; null until a day
 * with a reading of that meter (so "no meter" stays unknown instead of 0).
 */
export type Tally = {
  pv: number | null;
  charge: number | null;
  discharge: number | null;
  aux: number | null;
  avoidedKg: number | null;
  storageKg: number | null;
  auxKg: number | null;
  partial: boolean;
};

export const emptyTally = (): Tally => ({
  pv: null,
  charge: null,
  discharge: null,
  aux: null,
  avoidedKg: null,
  storageKg: null,
  auxKg: null,
  partial: false,
});

const plus = (a: number | null, b: number): number => (a ?? 0) + b;
const MICRO = 1_000_000;

/**
 * Adds a day at a factor (tCO2/MWh = kg/kWh; null: no factor, emissions unknown). PV avoids
 * factor × generation; storage changes emissions by factor × (discharged − charged), which with
 * one flat factor is minus its losses; auxiliary consumption emits factor × its energy.
 */
export function addDay(t: Tally, d: StationDay, factor: number | null): void {
  if (!d.ended) t.partial = true;
  if (d.pv?.hasData) {
    t.pv = plus(t.pv, d.pv.micro);
    if (factor !== null) t.avoidedKg = plus(t.avoidedKg, emissionKg(d.pv.micro / MICRO, factor));
  }
  if (d.charge?.hasData || d.discharge?.hasData) {
    const c = d.charge?.micro ?? 0;
    const x = d.discharge?.micro ?? 0;
    t.charge = plus(t.charge, c);
    t.discharge = plus(t.discharge, x);
    if (factor !== null) t.storageKg = plus(t.storageKg, emissionKg((x - c) / MICRO, factor));
  }
  if (d.aux?.hasData) {
    t.aux = plus(t.aux, d.aux.micro);
    if (factor !== null) t.auxKg = plus(t.auxKg, emissionKg(d.aux.micro / MICRO, factor));
  }
}

/** Adds one tally into another (a station into the total, a period across stations). */
export function addTally(into: Tally, t: Tally): void {
  const keys = ['pv', 'charge', 'discharge', 'aux', 'avoidedKg', 'storageKg', 'auxKg'] as const;
  for (const k of keys) {
    const v = t[k];
    if (v !== null) into[k] = plus(into[k], v);
  }
  into.partial ||= t.partial;
}

const kwh = (micro: number | null): number | null => (micro === null ? null : micro / MICRO);
/** Emissions are kept to the gram: enough for a figure shown in kg or t. */
const kg = (v: number | null): number | null => (v === null ? null : Math.round(v * 1000) / 1000);

/**
 * The figures as shown: aux share = auxiliary ÷ (charged + discharged) in %, net = avoided +
 * storage effect − auxiliary emissions (positive: emissions avoided on balance).
 */
export function figuresOf(t: Tally): CarbonFigures {
  const throughput = (t.charge ?? 0) + (t.discharge ?? 0);
  return {
    pvKwh: kwh(t.pv),
    chargeKwh: kwh(t.charge),
    dischargeKwh: kwh(t.discharge),
    auxKwh: kwh(t.aux),
    auxSharePct: t.aux !== null && throughput > 0 ? Math.round((t.aux / throughput) * 1e8) / 1e6 : null,
    avoidedKg: kg(t.avoidedKg),
    storageKg: kg(t.storageKg),
    auxKg: kg(t.auxKg),
    netKg: kg((t.avoidedKg ?? 0) + (t.storageKg ?? 0) - (t.auxKg ?? 0)) ?? 0,
    partial: t.partial,
  };
}
