import { CELL_MAX_TEMP_C, CELL_MAX_V, openCircuitVoltage, overpotentialV, terminalVoltage } from './lfp-cell';
import { clamp, HOUR_S, relax } from './numeric';
import { gaussian, MeanReverting, type Rng } from './random';

/**
 * Share of the power lost each way to LFP's polarisation (open-circuit hysteresis between
 * charge and discharge, diffusion), whatever the current: about 70 mV of the 3.3 V plateau.
 */
const POLARISATION_LOSS = 0.022;
/** Internal resistance grows as a cell fades: about +50 % by 80 % SOH. */
const RESISTANCE_GROWTH_PER_SOH_PT = 0.025;
/** The C-rate, temperature and SOC at which a rack's nominal η_c and η_d are quoted. */
const NOMINAL_C = 0.5;
const NOMINAL_TEMP_C = 25;
const NOMINAL_SOC = 50;
/** The converter's efficiency near its rating (converter.ts), included in the nominal η. */
export const NOMINAL_CONVERTER_ETA = 0.985;
/** The widest SOC window a station may configure: no EMS charges above or discharges below it. */
export const SOC_MIN = 10;
export const SOC_MAX = 95;
/** Power tapers to zero over this many SOC points before either limit (CV phase, end of discharge). */
const SOC_TAPER = 4;
/** Cell heat capacity and cell-to-air conductance per kWh: a 1000 s thermal time constant. */
const HEAT_CAPACITY_KJ_PER_KWH_K = 8;
const CONDUCTANCE_KW_PER_KWH_K = 0.008;
/** Default fade: 20 % over about 6000 full cycles, plus about 2 % a year of calendar ageing. */
const SOH_LOSS_PER_THROUGHPUT = 20 / 12_000;
const YEAR_S = 365 * 86_400;
const SOH_LOSS_PER_YEAR = 2;
/** A faulty cell under over-temperature heads here; a faulty cell under over-voltage there. */
const RUNAWAY_TEMP_C = 68;
const RUNAWAY_TAU_S = 150;
const OVERCHARGED_CELL_V = 3.78;
/** Protection releases with hysteresis once the cell is back below these. */
const TEMP_RELEASE_C = 50;
const VOLT_RELEASE_V = 3.6;

export type BatteryOptions = {
  energyKwh: number;
  cellsInSeries: number;
  /** Continuous C-rate the cells allow (0.5C: 2-hour battery). */
  maxCRate: number;
  rng: Rng;
  socPct: number;
  tempC: number;
  /** The station's SOC window (within SOC_MIN … SOC_MAX); default the widest. */
  socMinPct?: number;
  socMaxPct?: number;
  /** State of health at the start, %; default 97–99.5 %. */
  sohPct?: number;
  /** Calendar fade of this rack, SOH points a year; default 2. */
  calendarFadePerYear?: number;
  /** Scale of the manufacturing spread of cell SOC, resistance and temperature; default 1. */
  cellSpread?: number;
  /** One cell a little behind the others (lower capacity, higher resistance). */
  weakCell?: boolean;
};

/** A faulty cell: its value now, and what it would read if it were healthy. */
type CellOverlay = { index: number; value: number; healthy: number };

/**
 * A battery rack or cabinet battery: SOC by the domain formula, SOH fade, one lumped cell
 * temperature with a per-cell spread, per-cell voltages from an LFP OCV curve with fixed
 * manufacturing spread, insulation resistance, and BMS protection (trip) on cell limits.
 */
export class Battery {
  soc: number;
  soh: number;
  /** Mean cell temperature, °C. */
  tempC: number;
  /** AC-side power of the last step (> 0 discharge) and the DC power it took. */
  acPowerKw = 0;
  dcPowerKw = 0;
  voltageV = 0;
  currentA = 0;
  heatToAirKw = 0;
  insulationKohm: number;
  cellVmax = 0;
  cellVmaxNo = 1;
  cellVmin = 0;
  cellVminNo = 1;
  cellTmax = 0;
  cellTmaxNo = 1;
  cellTmin = 0;
  cellTminNo = 1;
  /** BMS protection has opened the battery's contactor: no power until the cell recovers. */
  tripped = false;
  /** Injected faults, switched by the station's fault book. */
  overTemperature = false;
  overVoltage = false;

  readonly energyKwh: number;
  readonly cellsInSeries: number;
  readonly socMinPct: number;
  readonly socMaxPct: number;
  private readonly maxCRate: number;
  /** Resistance factor of the rack as a whole: its cells' mean (manufacturing spread) and its wiring. */
  private meanResistance: number;
  /** This rack's polarisation loss, a share of the power each way. */
  private readonly polarisation: number;
  private readonly sohLossPerSecond: number;
  private readonly socSpread: Float64Array;
  private readonly resistance: Float64Array;
  private readonly heatShare: Float64Array;
  private readonly tempSpread: Float64Array;
  private readonly insulation: MeanReverting;
  private readonly baseInsulation: number;
  private hotCell: CellOverlay | null = null;
  private highCell: CellOverlay | null = null;
  private readonly rng: Rng;

  constructor(o: BatteryOptions) {
    this.energyKwh = o.energyKwh;
    this.cellsInSeries = o.cellsInSeries;
    this.maxCRate = o.maxCRate;
    this.rng = o.rng;
    this.socMinPct = clamp(o.socMinPct ?? SOC_MIN, SOC_MIN, SOC_MAX);
    this.socMaxPct = clamp(o.socMaxPct ?? SOC_MAX, this.socMinPct, SOC_MAX);
    this.soc = o.socPct;
    this.soh = o.sohPct ?? 97 + 2.5 * o.rng();
    this.sohLossPerSecond = (o.calendarFadePerYear ?? SOH_LOSS_PER_YEAR) / YEAR_S;
    this.tempC = o.tempC;
    const n = o.cellsInSeries;
    const k = o.cellSpread ?? 1;
    this.socSpread = new Float64Array(n);
    this.resistance = new Float64Array(n);
    this.heatShare = new Float64Array(n);
    this.tempSpread = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.socSpread[i] = clamp(0.6 * k * gaussian(o.rng), -2, 2);
      this.resistance[i] = clamp(1 + 0.08 * k * gaussian(o.rng), 0.75, 1.3);
      // Cells in the middle of a module run warmer than those at the cooling plate's edge.
      this.heatShare[i] = 0.6 + 0.8 * Math.sin((Math.PI * ((i % 16) + 0.5)) / 16);
      this.tempSpread[i] = clamp(0.4 * k * gaussian(o.rng), -1.2, 1.2);
    }
    if (o.weakCell) {
      const i = Math.floor(o.rng() * n);
      this.socSpread[i] = -2.5;
      this.resistance[i] = 1.3;
    }
    this.meanResistance = this.resistance.reduce((sum, r) => sum + r, 0) / n;
    this.baseInsulation = 2500 + 3000 * o.rng();
    this.insulation = new MeanReverting(6 * 3600, 250, o.rng);
    this.insulationKohm = this.baseInsulation;
    // Busbars, contacts and fuses add their own resistance, and cell batches their own
    // polarisation: racks of one make differ by both.
    this.meanResistance *= clamp(1 + 0.15 * gaussian(o.rng), 0.75, 1.4);
    this.polarisation = POLARISATION_LOSS * clamp(1 + 0.2 * gaussian(o.rng), 0.6, 1.5);
    this.updateCells(o.tempC, o.tempC);
  }

  /**
   * Share of the DC power the cells lose at `cRate` and `tempC`: polarisation, plus the ohmic
   * overpotential over the cell voltage — internal resistance grows as the rack fades, so an
   * older rack loses more (issue 21: every station's efficiency from its own physics).
   */
  cellLoss(cRate: number, tempC: number, socPct = this.soc): number {
    const ageing = 1 + RESISTANCE_GROWTH_PER_SOH_PT * Math.max(0, 100 - this.soh);
    const ohmic = overpotentialV(Math.abs(cRate), tempC, this.meanResistance * ageing) / openCircuitVoltage(socPct);
    return this.polarisation + ohmic;
  }

  /** This rack's charge efficiency AC to stored, at half C and 25 °C, converter included (limits and planning). */
  get etaCharge(): number {
    return NOMINAL_CONVERTER_ETA * (1 - this.cellLoss(NOMINAL_C, NOMINAL_TEMP_C, NOMINAL_SOC));
  }

  /** This rack's discharge efficiency stored to AC, likewise. */
  get etaDischarge(): number {
    return NOMINAL_CONVERTER_ETA / (1 + this.cellLoss(NOMINAL_C, NOMINAL_TEMP_C, NOMINAL_SOC));
  }

  /** Energy the battery holds at 100 % SOC today. */
  get usableKwh(): number {
    return (this.energyKwh * this.soh) / 100;
  }

  /** AC-side energy the battery can still take before its upper SOC limit, kWh. */
  get chargeableKwh(): number {
    return Math.max(0, ((this.socMaxPct - this.soc) / 100) * this.usableKwh) / this.etaCharge;
  }

  /** AC-side energy the battery can still give before its lower SOC limit, kWh. */
  get dischargeableKwh(): number {
    return Math.max(0, ((this.soc - this.socMinPct) / 100) * this.usableKwh) * this.etaDischarge;
  }

  /** Largest AC-side charging power for a step of `dtS` that keeps SOC ≤ the upper limit. */
  chargeLimitKw(dtS: number): number {
    if (this.tripped) return 0;
    const headroom = this.socMaxPct - this.soc;
    const byRate = this.maxCRate * this.usableKwh * clamp(headroom / SOC_TAPER, 0, 1);
    const byEnergy = ((headroom / 100) * this.usableKwh) / ((this.etaCharge * dtS) / HOUR_S);
    return Math.max(0, Math.min(byRate, byEnergy));
  }

  /** Largest AC-side discharging power for a step of `dtS` that keeps SOC ≥ the lower limit. */
  dischargeLimitKw(dtS: number): number {
    if (this.tripped) return 0;
    const headroom = this.soc - this.socMinPct;
    const byRate = this.maxCRate * this.usableKwh * clamp(headroom / SOC_TAPER, 0, 1);
    const byEnergy = ((headroom / 100) * this.usableKwh * this.etaDischarge) / (dtS / HOUR_S);
    return Math.max(0, Math.min(byRate, byEnergy));
  }

  /**
   * One step at AC-side power `acKw` (> 0 discharge) through a converter of efficiency
   * `converterEta` (its part-load curve): the DC power is the AC power less (charging) or plus
   * (discharging) the converter's loss, and the cells lose `cellLoss` of it on top, as heat.
   * SOC' = SOC − P_stored·Δt/E with P_stored = P_dc·(1 + loss) discharging, P_dc·(1 − loss) charging.
   */
  step(dtS: number, acKw: number, converterEta: number, airTempC: number): void {
    const dtH = dtS / HOUR_S;
    const e = this.usableKwh;
    this.acPowerKw = acKw;
    this.dcPowerKw = acKw >= 0 ? acKw / converterEta : acKw * converterEta;
    const loss = this.cellLoss(this.dcPowerKw / e, this.tempC);
    const stored = this.dcPowerKw >= 0 ? -this.dcPowerKw * (1 + loss) : -this.dcPowerKw * (1 - loss);
    this.soc = clamp(this.soc + ((stored * dtH) / e) * 100, 0, 100);
    const heatKw = Math.abs(this.dcPowerKw) * loss;
    this.soh -=
      (Math.abs(this.dcPowerKw) * dtH * SOH_LOSS_PER_THROUGHPUT) / this.energyKwh + this.sohLossPerSecond * dtS;

    const conductance = CONDUCTANCE_KW_PER_KWH_K * this.energyKwh;
    const tau = (HEAT_CAPACITY_KJ_PER_KWH_K * this.energyKwh) / conductance;
    this.tempC = relax(this.tempC, airTempC + heatKw / conductance, dtS, tau);
    this.heatToAirKw = conductance * (this.tempC - airTempC);
    this.insulationKohm = clamp(this.baseInsulation + this.insulation.step(dtS), 300, 20_000);

    this.updateOverlays(dtS);
    this.updateCells(airTempC, this.tempC);
    this.updateProtection();
  }

  private updateOverlays(dtS: number): void {
    const n = this.cellsInSeries;
    if (this.overTemperature) {
      this.hotCell ??= { index: Math.floor(this.rng() * n), value: this.tempC, healthy: this.tempC };
      this.hotCell.value = relax(this.hotCell.value, RUNAWAY_TEMP_C, dtS, RUNAWAY_TAU_S);
    } else if (this.hotCell) {
      this.hotCell.value = relax(this.hotCell.value, this.hotCell.healthy, dtS, 600);
      if (this.hotCell.value - this.hotCell.healthy < 0.3) this.hotCell = null;
    }
    if (this.overVoltage) {
      this.highCell ??= { index: Math.floor(this.rng() * n), value: this.cellVmax, healthy: this.cellVmax };
      this.highCell.value = relax(this.highCell.value, OVERCHARGED_CELL_V, dtS, 40);
    } else if (this.highCell) {
      this.highCell.value = relax(this.highCell.value, this.highCell.healthy, dtS, 60);
      if (this.highCell.value - this.highCell.healthy < 0.005) this.highCell = null;
    }
  }

  private updateCells(airTempC: number, meanTempC: number): void {
    const cRate = this.dcPowerKw / this.usableKwh;
    let sum = 0;
    let vmax = Number.NEGATIVE_INFINITY;
    let vmin = Number.POSITIVE_INFINITY;
    let tmax = Number.NEGATIVE_INFINITY;
    let tmin = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.cellsInSeries; i++) {
      let t = airTempC + (meanTempC - airTempC) * (this.heatShare[i] ?? 1) + (this.tempSpread[i] ?? 0);
      if (this.hotCell?.index === i) {
        this.hotCell.healthy = t;
        t = Math.max(t, this.hotCell.value);
      }
      let v = terminalVoltage(this.soc + (this.socSpread[i] ?? 0), cRate, t, this.resistance[i] ?? 1);
      if (this.highCell?.index === i) {
        this.highCell.healthy = v;
        v = Math.max(v, this.highCell.value);
      }
      sum += v;
      if (v > vmax) [vmax, this.cellVmaxNo] = [v, i + 1];
      if (v < vmin) [vmin, this.cellVminNo] = [v, i + 1];
      if (t > tmax) [tmax, this.cellTmaxNo] = [t, i + 1];
      if (t < tmin) [tmin, this.cellTminNo] = [t, i + 1];
    }
    this.cellVmax = vmax;
    this.cellVmin = vmin;
    this.cellTmax = tmax;
    this.cellTmin = tmin;
    this.voltageV = sum;
    this.currentA = (this.dcPowerKw * 1000) / sum;
  }

  private updateProtection(): void {
    if (this.cellTmax >= CELL_MAX_TEMP_C || this.cellVmax >= CELL_MAX_V) this.tripped = true;
    else if (this.cellTmax < TEMP_RELEASE_C && this.cellVmax < VOLT_RELEASE_V) this.tripped = false;
  }
}
