/**
 * Lithium iron phosphate (LFP) cell: open-circuit voltage over SOC at 25 °C. The long flat
 * plateau around 3.3 V and the steep ends are why LFP cell spreads show at high and low SOC.
 */
const OCV: readonly (readonly [soc: number, volts: number])[] = [
  [0, 2.9],
  [5, 3.16],
  [10, 3.21],
  [20, 3.25],
  [30, 3.275],
  [40, 3.29],
  [50, 3.295],
  [60, 3.3],
  [70, 3.31],
  [80, 3.33],
  [90, 3.34],
  [95, 3.36],
  [100, 3.45],
];

export const CELL_NOMINAL_V = 3.2;
/** Protection limits of the domain notes (LFP: 2.5 to 3.65 V). */
export const CELL_MAX_V = 3.65;
export const CELL_MIN_V = 2.5;
/** Over-temperature protection of the BMS. */
export const CELL_MAX_TEMP_C = 55;
/** Cell overpotential per C-rate at 25 °C: 0.5C charge lifts a cell by about 30 mV. */
const OVERPOTENTIAL_V_PER_C = 0.06;

function interpolate(socPct: number): number {
  for (let i = 1; i < OCV.length; i++) {
    const hi = OCV[i];
    const lo = OCV[i - 1];
    if (!hi || !lo || socPct > hi[0]) continue;
    return lo[1] + ((socPct - lo[0]) / (hi[0] - lo[0])) * (hi[1] - lo[1]);
  }
  return OCV[OCV.length - 1]?.[1] ?? 3.45;
}

/** The curve sampled every 0.1 % SOC: every cell of every rack is looked up at every step. */
const TABLE_STEP = 0.1;
const TABLE = Float64Array.from({ length: 100 / TABLE_STEP + 1 }, (_, i) => interpolate(i * TABLE_STEP));

export function openCircuitVoltage(socPct: number): number {
  const x = Math.min(100, Math.max(0, socPct)) / TABLE_STEP;
  const i = Math.min(TABLE.length - 2, Math.floor(x));
  const lo = TABLE[i] ?? 0;
  return lo + ((TABLE[i + 1] ?? lo) - lo) * (x - i);
}

/**
 * Terminal voltage of a cell: OCV minus the overpotential of the current (`cRate` > 0
 * discharging), which grows in the cold.
 */
export function terminalVoltage(socPct: number, cRate: number, tempC: number, resistanceFactor: number): number {
  return openCircuitVoltage(socPct) - overpotentialV(cRate, tempC, resistanceFactor);
}

/**
 * The cell's ohmic overpotential at `cRate` (> 0 discharging): current times internal
 * resistance, which `resistanceFactor` scales (manufacturing spread, ageing) and the cold raises.
 * Its share of the cell voltage is the share of power lost as heat in the cell.
 */
export function overpotentialV(cRate: number, tempC: number, resistanceFactor: number): number {
  const cold = Math.max(0.7, 1 + 0.03 * (25 - tempC));
  return OVERPOTENTIAL_V_PER_C * cRate * cold * resistanceFactor;
}
