import { clamp } from './numeric';

/** AC-15 `state` codes (the cabinet's `acState` uses the first four). */
export const AC_MODE = { off: 0, cooling: 1, heating: 2, fan: 3, fault: 4 } as const;
export type AcMode = (typeof AC_MODE)[keyof typeof AC_MODE];

export const DEFAULT_SET_TEMP_C = 25;
/** Below this the heater keeps the cells warm enough to charge; it stops above HEAT_OFF_C. */
const HEAT_ON_C = 10;
const HEAT_OFF_C = 15;
/** Cells this far above the set temperature call for cooling even while the air is cool; below OFF they release it. */
const CELL_MARGIN_ON = 8;
const CELL_MARGIN_OFF = 5;

/**
 * The battery air conditioner's controller: cools with hysteresis around the set temperature
 * (on at set + 1 K of return air or set + 8 K at the hottest cell, off at set − 2 K once the
 * cells are back under set + 5 K), heats below 10 °C, runs its fans while the battery works. Its electric draw is station auxiliary load; its heat removal cools the enclosure.
 */
export class CoolingUnit {
  mode: AcMode = AC_MODE.off;
  setTempC = DEFAULT_SET_TEMP_C;
  electricKw = 0;
  /** Heat taken out of the enclosure, kW (negative while heating). */
  removedKw = 0;

  constructor(readonly ratedKw: number) {}

  /** Decides the mode from the return air and the hottest cell it protects. */
  control(airTempC: number, ambientC: number, batteryActive: boolean, hottestCellC: number): void {
    const idle = batteryActive ? AC_MODE.fan : AC_MODE.off;
    const cellsHot = hottestCellC > this.setTempC + CELL_MARGIN_ON;
    const cellsCool = hottestCellC < this.setTempC + CELL_MARGIN_OFF;
    if (this.mode === AC_MODE.cooling) {
      if (airTempC < this.setTempC - 2 && cellsCool) this.mode = idle;
    } else if (this.mode === AC_MODE.heating) {
      if (airTempC > HEAT_OFF_C) this.mode = idle;
    } else if (airTempC > this.setTempC + 1 || cellsHot) this.mode = AC_MODE.cooling;
    else if (airTempC < HEAT_ON_C) this.mode = AC_MODE.heating;
    else this.mode = idle;

    if (this.mode === AC_MODE.cooling) {
      // Compressor modulates with the error; efficiency (COP) drops as the outdoor air warms.
      const demand = Math.max(airTempC - (this.setTempC - 2), hottestCellC - (this.setTempC + CELL_MARGIN_OFF));
      this.electricKw = this.ratedKw * clamp(demand / 4, 0.3, 1);
      this.removedKw = this.electricKw * clamp(3.6 - 0.05 * (ambientC - 25), 2.2, 5);
    } else if (this.mode === AC_MODE.heating) {
      this.electricKw = 0.4 * this.ratedKw;
      this.removedKw = -this.electricKw;
    } else {
      this.electricKw = this.mode === AC_MODE.fan ? 0.04 * this.ratedKw : 0;
      this.removedKw = 0;
    }
  }

  /** Supply air: colder than the return by the heat removed over the fans' air flow. */
  supplyTempC(returnTempC: number): number {
    return returnTempC - this.removedKw / (0.35 * this.ratedKw);
  }
}
