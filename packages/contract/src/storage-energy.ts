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
