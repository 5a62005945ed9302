import type { Battery } from './battery';
import { CoolingUnit } from './cooling-unit';
import { relax } from './numeric';

export type EnclosureOptions = {
  /** Air and structure heat capacity, kJ/K. */
  heatCapacityKjPerK: number;
  /** Walls: conductance to outdoor air, kW/K. */
  conductanceKwPerK: number;
  /** Solar heat gain on the walls at full sun, kW. */
  solarGainKw: number;
  coolingRatedKw: number;
  airTempC: number;
};

/**
 * The air inside a battery container or cabinet: warmed by the cells (and any converter
 * inside), the walls and the sun, cooled by its air conditioner.
 */
export class Enclosure {
  airTempC: number;
  readonly cooling: CoolingUnit;
  readonly batteries: Battery[] = [];
  /** Other heat released inside during the step (a cabinet's own converter), kW. */
  extraHeatKw = 0;

  constructor(private readonly o: EnclosureOptions) {
    this.airTempC = o.airTempC;
    this.cooling = new CoolingUnit(o.coolingRatedKw);
  }

  /** Decide the air conditioner's mode for the coming step (its draw is known before dispatch). */
  control(ambientC: number): void {
    const active = this.batteries.some((b) => Math.abs(b.acPowerKw) > 0.5);
    const hottest = Math.max(...this.batteries.map((b) => b.cellTmax));
    this.cooling.control(this.airTempC, ambientC, active, hottest);
  }

  step(dtS: number, ambientC: number, sunFactor: number): void {
    const fromCells = this.batteries.reduce((s, b) => s + b.heatToAirKw, 0);
    const gains = fromCells + this.extraHeatKw + this.o.solarGainKw * sunFactor - this.cooling.removedKw;
    const k = this.o.conductanceKwPerK;
    this.airTempC = relax(this.airTempC, ambientC + gains / k, dtS, this.o.heatCapacityKjPerK / k);
  }
}
