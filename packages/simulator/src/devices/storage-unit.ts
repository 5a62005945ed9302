import type { DeviceModelDef, LayoutDevice } from '@ess/contract';
import type { Battery } from '../physics/battery';
import { conversionEfficiency, IDLE_KW } from '../physics/converter';
import type { Enclosure } from '../physics/enclosure';
import { clamp, HOUR_S } from '../physics/numeric';
import { MeanReverting, type Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import type { SiteGrid } from '../physics/site-grid';
import { SourceClock } from '../station/control-arbiter';
import { activeOverride, OVERRIDE_S, type Override, type PointValues, type SimDevice } from './sim-device';

/**
 * What PCS and integrated cabinets share: a converter of a given rating in front of one or
 * more batteries, following the station's power command (> 0 discharge) within its rating
 * and the batteries' limits, with its own `pSet` override, start/stop and energy counters.
 */
export abstract class StorageUnit implements SimDevice {
  /** Power the station asks for during the coming step (> 0 discharge). */
  command = 0;
  powerKw = 0;
  reactiveKvar = 0;
  /** Converter efficiency of the last step, 0..1. */
  efficiency = 0;
  running = true;
  chargeEnergy = 0;
  dischargeEnergy = 0;
  /** This converter's efficiency above (> 0) or below the type's curve, e.g. −0.003. */
  efficiencyTrim = 0;
  /** The site's electrical levels (AC terminal voltage); without it the environment's grid voltage. */
  grid: SiteGrid | null = null;
  /** Who decides this unit's power now and since when (set by the station's EMS each step). */
  readonly control = new SourceClock(0);
  private override: Override | null = null;
  private readonly reactive: MeanReverting;

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly ratedKw: number,
    readonly batteries: Battery[],
    readonly enclosure: Enclosure,
    protected readonly env: SiteEnvironment,
    protected readonly rng: Rng,
  ) {
    this.reactive = new MeanReverting(300, 0.004 * ratedKw, rng);
  }

  abstract readings(): PointValues;

  /** A tripped battery opens the DC side: the converter reports a fault and stops. */
  get fault(): boolean {
    return this.batteries.some((b) => b.tripped);
  }

  /** Electric draw of equipment inside the unit (a cabinet's air conditioner), kW. */
  get auxKw(): number {
    return 0;
  }

  get soc(): number {
    const e = this.batteries.reduce((s, b) => s + b.usableKwh, 0);
    return this.batteries.reduce((s, b) => s + b.soc * b.usableKwh, 0) / e;
  }

  /** Whether the unit can work now (running, no battery tripped). */
  get available(): boolean {
    return this.running && !this.fault;
  }

  /** Energy the batteries hold at 100 % SOC today, kWh. */
  get usableKwh(): number {
    return this.batteries.reduce((s, b) => s + b.usableKwh, 0);
  }

  /** AC-side energy the batteries can take before the upper SOC limit, kWh. */
  get chargeableKwh(): number {
    return this.batteries.reduce((s, b) => s + b.chargeableKwh, 0);
  }

  /** AC-side energy the batteries can give before the lower SOC limit, kWh. */
  get dischargeableKwh(): number {
    return this.batteries.reduce((s, b) => s + b.dischargeableKwh, 0);
  }

  chargeLimitKw(dtS: number): number {
    return this.limit((b) => b.chargeLimitKw(dtS));
  }

  dischargeLimitKw(dtS: number): number {
    return this.limit((b) => b.dischargeLimitKw(dtS));
  }

  /** This unit's own `pSet`, while it is in force. */
  overrideKw(t: Date): number | null {
    return activeOverride(this.override, t);
  }

  /** Clears this unit's `pSet` (a plan the operator accepted takes over). True when one was in force. */
  releaseSetpoint(t: Date): boolean {
    const had = this.overrideKw(t) !== null;
    this.override = null;
    return had;
  }

  pointRange(code: string): { min: number; max: number } | undefined {
    return code === 'pSet' ? { min: -this.ratedKw, max: this.ratedKw } : undefined;
  }

  apply(code: string, value: number, t: Date): void {
    if (code === 'pSet') this.override = { kw: value, untilMs: t.getTime() + OVERRIDE_S * 1000 };
    if (code === 'startStop') {
      this.running = value === 1;
      if (!this.running) this.override = null;
    }
  }

  restoreCounters(values: PointValues): void {
    this.chargeEnergy = values.chargeEnergy ?? this.chargeEnergy;
    this.dischargeEnergy = values.dischargeEnergy ?? this.dischargeEnergy;
  }

  step(dtS: number, _t: Date): void {
    const p = clamp(this.command, -this.chargeLimitKw(dtS), this.dischargeLimitKw(dtS));
    const idle = Math.abs(p) < IDLE_KW;
    this.powerKw = idle ? 0 : p;
    this.efficiency = idle
      ? 0
      : Math.min(0.995, conversionEfficiency(Math.abs(p) / this.ratedKw) + this.efficiencyTrim);
    const eta = idle ? 1 : this.efficiency;
    // Each battery takes power in proportion to what it can take: the fuller one discharges
    // more and charges less, so their SOCs converge (balancing).
    const limits = this.batteries.map((b) => (p > 0 ? b.dischargeLimitKw(dtS) : b.chargeLimitKw(dtS)));
    const sum = limits.reduce((s, l) => s + l, 0);
    this.batteries.forEach((b, i) => {
      b.step(dtS, sum > 0 ? (this.powerKw * (limits[i] ?? 0)) / sum : 0, eta, this.enclosure.airTempC);
    });
    const dtH = dtS / HOUR_S;
    if (this.powerKw > 0) this.dischargeEnergy += this.powerKw * dtH;
    else this.chargeEnergy -= this.powerKw * dtH;
    this.reactiveKvar = idle || !this.running ? 0 : this.reactive.step(dtS);
    this.stepTemperatures(dtS);
  }

  /** DC side: the batteries' voltage (in parallel) and total current (> 0 discharging). */
  protected dc(): { udc: number; idc: number } {
    const udc = this.batteries.reduce((s, b) => s + b.voltageV, 0) / this.batteries.length;
    return { udc, idc: this.batteries.reduce((s, b) => s + b.currentA, 0) };
  }

  /** AC terminal phase voltage, V. */
  protected terminalV(): number {
    return this.grid ? this.grid.converter(this.powerKw, this.ratedKw).phaseV : this.env.phaseVoltageV;
  }

  /** Converter losses of the last step, kW. */
  protected lossKw(): number {
    return Math.abs(this.batteries.reduce((s, b) => s + b.dcPowerKw, 0) - this.powerKw);
  }

  protected abstract stepTemperatures(dtS: number): void;

  private limit(of: (b: Battery) => number): number {
    if (!this.running || this.fault) return 0;
    return Math.min(
      this.ratedKw,
      this.batteries.reduce((s, b) => s + of(b), 0),
    );
  }
}
