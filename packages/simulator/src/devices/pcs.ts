import { phaseCurrentA, runState } from '../physics/converter';
import { relax } from '../physics/numeric';
import { PhaseVoltages } from '../physics/phases';
import type { PointValues } from './sim-device';
import { StorageUnit } from './storage-unit';

/**
 * PCS-1250 (储能变流器) of a container plant: AC side on the site grid, DC side on its battery
 * clusters. Its IGBT modules sit in the outdoor skid and warm with load.
 */
export class Pcs extends StorageUnit {
  igbtTempC = 25;
  /** The DC breaker between the PCS and its battery clusters; closed unless a command opened it. */
  dcBreakerClosed = true;
  private phases = new PhaseVoltages(this.rng);

  /** The breaker interlock: no start on an open breaker, no opening under a running PCS. */
  refuse(points: Record<string, number>): string | null {
    const closed = points.dcBreaker === undefined ? this.dcBreakerClosed : points.dcBreaker === 1;
    const running = points.startStop === undefined ? this.running : points.startStop === 1;
    if (points.startStop === 1 && !closed) return 'DC breaker open';
    if (points.dcBreaker === 0 && running) return 'PCS running, stop it before opening the DC breaker';
    return null;
  }

  override apply(code: string, value: number, t: Date): void {
    if (code === 'dcBreaker') this.dcBreakerClosed = value === 1;
    else super.apply(code, value, t);
  }

  protected stepTemperatures(dtS: number): void {
    const x = Math.abs(this.powerKw) / this.ratedKw;
    this.igbtTempC = relax(this.igbtTempC, this.env.ambientC + 5 + 45 * x ** 1.3, dtS, 300);
  }

  readings(): PointValues {
    const v = this.terminalV();
    const [ua, ub, uc] = this.phases.read(v);
    const [ia, ib, ic] = this.phases.currents(phaseCurrentA(this.powerKw, this.reactiveKvar, v));
    const { udc, idc } = this.dc();
    return {
      p: this.powerKw,
      q: this.reactiveKvar,
      udc,
      idc,
      runState: runState(this.powerKw, this.running, this.fault),
      ...this.control.readings(),
      ua,
      ub,
      uc,
      ia,
      ib,
      ic,
      freq: this.env.frequencyHz,
      igbtTemp: this.igbtTempC,
      efficiency: this.efficiency * 100,
      chargeEnergy: this.chargeEnergy,
      dischargeEnergy: this.dischargeEnergy,
      dcBreakerState: this.dcBreakerClosed ? 1 : 0,
    };
  }
}
