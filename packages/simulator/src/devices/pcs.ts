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
  private phases = new PhaseVoltages(this.rng);

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
    };
  }
}
