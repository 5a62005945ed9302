import type { DeviceModelDef, LayoutDevice, MeterRole } from '@ess/contract';
import { phaseCurrentA } from '../physics/converter';
import { HOUR_S } from '../physics/numeric';
import { PhaseVoltages } from '../physics/phases';
import type { Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import type { SiteGrid } from '../physics/site-grid';
import type { PointValues, SimDevice } from './sim-device';

/**
 * Three-phase meter (电表) in one of the four roles. It measures what the station model
 * tells it flows through it (`measure`), in the sign convention of its role, and integrates
 * forward (p > 0) and reverse (p < 0) energy into monotonic counters. Its voltages are those
 * of its connection point (SiteGrid): the 400 V bus with its cable's rise or drop, or, for a
 * gateway meter on the 10 kV side, the secondaries of its voltage and current transformers.
 */
export class Meter implements SimDevice {
  powerKw = 0;
  reactiveKvar = 0;
  forwardEnergy = 0;
  reverseEnergy = 0;
  private readonly phases: PhaseVoltages;

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly role: MeterRole,
    private readonly env: SiteEnvironment,
    private readonly grid: SiteGrid,
    rng: Rng,
  ) {
    this.phases = new PhaseVoltages(rng);
  }

  measure(pKw: number, qKvar: number): void {
    this.powerKw = pKw;
    this.reactiveKvar = qKvar;
  }

  restoreCounters(values: PointValues): void {
    this.forwardEnergy = values.forwardEnergy ?? this.forwardEnergy;
    this.reverseEnergy = values.reverseEnergy ?? this.reverseEnergy;
  }

  step(dtS: number): void {
    const kwh = (this.powerKw * dtS) / HOUR_S;
    if (kwh > 0) this.forwardEnergy += kwh;
    else this.reverseEnergy -= kwh;
  }

  readings(): PointValues {
    const at = this.grid.meter(this.role, this.powerKw);
    const [ua, ub, uc] = this.phases.read(at.phaseV);
    const [ia, ib, ic] = this.phases.currents(
      phaseCurrentA(this.powerKw, this.reactiveKvar, at.primaryPhaseV) / at.currentRatio,
    );
    const s = Math.hypot(this.powerKw, this.reactiveKvar);
    return {
      p: this.powerKw,
      ua,
      ub,
      uc,
      q: this.reactiveKvar,
      ia,
      ib,
      ic,
      freq: this.env.frequencyHz,
      // Signed: negative while power flows in the reverse direction.
      pf: s < 0.05 ? 1 : this.powerKw / s,
      forwardEnergy: this.forwardEnergy,
      reverseEnergy: this.reverseEnergy,
    };
  }
}
