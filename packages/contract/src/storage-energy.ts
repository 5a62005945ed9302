import { localDayLengthMs } from './local-time';

/**
 * What a station's storage holds and how long it lasts, one definition for every screen (home
 * KPIs, overview of sites) and the server. Capacity is the station's rated energy, SOC its
 * state of charge in %.
 */

/**
 * The SOC window the EMS keeps the batteries in, in %: it does not discharge below the floor
 * nor charge above the ceiling. Stations do not store their own window yet (the strategy
 * capability and plan curves bring one); until then available energy is measured against this
 * widest common setting, which is also the simulator's outer window.
 */
export const DISCHARGE_SOC_FLOOR_PCT = 10;
export const CHARGE_SOC_CEILING_PCT = 95;

const kwh = (v: number) => Math.round(v * 1000) / 1000;

/** Energy available to discharge, kWh: the SOC above the floor times the capacity; 0 at or below it. */
export const dischargeableKwh = (soc: number | null, capacityKwh: number): number | null =>
  soc === null ? null : kwh((Math.max(0, soc - DISCHARGE_SOC_FLOOR_PCT) * capacityKwh) / 100);

/** Energy that can still be charged, kWh: from the SOC up to the ceiling; 0 at or above it. */
export const chargeableKwh = (soc: number | null, capacityKwh: number): number | null =>
  soc === null ? null : kwh((Math.max(0, CHARGE_SOC_CEILING_PCT - soc) * capacityKwh) / 100);

/**
 * How long the present storage power lasts, in hours: to the floor while discharging (power
 * > 0, domain.md), to the ceiling while charging; null without SOC or power, or at rest.
 * Conversion losses are left out, so it is the figure an operator works out from SOC and power.
 */
export function hoursToSocLimit(soc: number | null, capacityKwh: number, powerKw: number | null): number | null {
  if (soc === null || powerKw === null || powerKw === 0 || !Number.isFinite(powerKw)) return null;
  const energy = powerKw > 0 ? dischargeableKwh(soc, capacityKwh) : chargeableKwh(soc, capacityKwh);
  return energy === null ? null : energy / Math.abs(powerKw);
}

/**
 * Round-trip efficiency (domain.md) in %: discharged over charged energy, both in one unit;
 * null without charge.
 */
export const roundTripEfficiency = (charge: number | null, discharge: number | null): number | null =>
  charge !== null && discharge !== null && charge > 0 ? (discharge / charge) * 100 : null;

/**
 * Which days count for ratios that need whole cycles (round-trip efficiency), one rule for the
 * server and every screen (docs/architecture.md "Partial periods"). A day is whole when it has
 * ended on the station's clock and the storage meter's counters read in at least 95 % of its
 * quarter-hours. Anything else — the first day of data, today so far, a gap, the days before a
 * station was commissioned — is partial: shown, marked, and left out of efficiency, because its
 * charge and discharge need not belong to the same cycles (a first day that starts at noon
 * discharges what was charged before the meter reported: 5,900 kWh out for 3,279 kWh in).
 */

/** Share of a day's quarter-hours the storage meter must have read for the day to be whole. */
export const WHOLE_DAY_COVERAGE = 0.95;

/** Quarter-hours of a local day: 96, or 92/100 on a daylight-saving change. */
export const quartersOfDay = (date: string, timeZone: string): number =>
  Math.round(localDayLengthMs(date, timeZone) / 900_000);

/** A day's storage-meter coverage: quarter-hours read, of how many, and whether it is over. */
export type DayCoverage = { quarters: number; expected: number; ended: boolean };

export const isWholeDay = (c: DayCoverage): boolean =>
  c.ended && c.expected > 0 && c.quarters >= WHOLE_DAY_COVERAGE * c.expected;

/** Coverage of the storage meter in % of the day (capped at 100). */
export const coveragePct = (c: DayCoverage): number =>
  c.expected > 0 ? Math.min(100, (c.quarters / c.expected) * 100) : 0;

/** A day's energy as efficiency needs it. */
export type CycleDay = { chargeKwh: number | null; dischargeKwh: number | null; whole: boolean };

/**
 * Round-trip efficiency of a run of days, in %: Σ discharged / Σ charged over its whole days
 * only; null when no whole day charged. Over whole days the state of charge is back near where
 * it started (the EMS cycles daily), so the ratio is the storage's, not the calendar's.
 */
export function wholeDayEfficiency(days: CycleDay[]): number | null {
  let charge = 0;
  let discharge = 0;
  for (const d of days) {
    if (!d.whole || d.chargeKwh === null || d.dischargeKwh === null) continue;
    charge += d.chargeKwh;
    discharge += d.dischargeKwh;
  }
  return roundTripEfficiency(charge, discharge);
}
