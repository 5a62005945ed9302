/** A day of quarter-hours (domain.md: strategy generation is a linear programme over 96 of them). */
export const STEPS_PER_DAY = 96;
/** Hours per step. */
export const STEP_H = 0.25;

/**
 * What a schedule is computed from: prices and forecasts per step plus the station's limits.
 * Sign convention (domain.md): storage power > 0 discharges, < 0 charges; grid > 0 imports.
 */
export type ScheduleInput = {
  /** Price per kWh imported, one per step (length n, normally 96). */
  buyPrice: number[];
  /** Price per kWh paid for export; default 0 (export earns nothing). Ignored when export is not allowed. */
  sellPrice?: number[];
  /** Load and PV forecasts per step, kW, ≥ 0. */
  loadKw: number[];
  pvKw: number[];
  capacityKwh: number;
  maxChargeKw: number;
  maxDischargeKw: number;
  /** Charge and discharge efficiencies, e.g. 0.95. */
  etaCharge: number;
  etaDischarge: number;
  /** SOC fractions 0..1. */
  socMin: number;
  socMax: number;
  soc0: number;
  socEndMin: number;
  /** Cap on grid import (load − pv + charge − discharge); null = none. */
  demandLimitKw: number | null;
  /** false = anti-backflow: discharge ≤ load − pv at every step, and no grid export caused by the storage. */
  exportAllowed: boolean;
  /** Cost per kWh of throughput (charge + discharge). */
  degradationCostPerKwh: number;
};

export type Schedule = {
  /** Storage power per step, > 0 discharge, < 0 charge. */
  powerKw: number[];
  /** n+1 SOC fractions, soc[0] = soc0. */
  soc: number[];
  /** load − pv − powerKw. */
  gridKw: number[];
  /** Bill without storage − bill with storage − degradation cost. */
  revenue: number;
  chargedKwh: number;
  dischargedKwh: number;
  /** Max excess of grid import over the demand limit (0 if none). */
  demandViolationKw: number;
};
