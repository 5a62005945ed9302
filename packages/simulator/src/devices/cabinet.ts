import { runState } from '../physics/converter';
import { HOUR_S, relax } from '../physics/numeric';
import type { PointValues } from './sim-device';
import { StorageUnit } from './storage-unit';

/**
 * CAB-215 integrated cabinet (215 kWh 一体柜): converter, battery, BMS and air conditioner in
 * one enclosure behind one controller. The converter's losses warm the cabinet's air too,
 * and the air conditioner's draw is station auxiliary load.
 */
export class Cabinet extends StorageUnit {
  pcsTempC = 25;
  /** The air conditioner's own meter (kWh): station auxiliary consumption. */
  auxEnergy = 0;

  override get auxKw(): number {
    return this.enclosure.cooling.electricKw;
  }

  override step(dtS: number, t: Date): void {
    super.step(dtS, t);
    this.auxEnergy += (this.auxKw * dtS) / HOUR_S;
  }

  override restoreCounters(values: PointValues): void {
    super.restoreCounters(values);
    this.auxEnergy = values.auxEnergy ?? this.auxEnergy;
  }

  protected stepTemperatures(dtS: number): void {
    const x = Math.abs(this.powerKw) / this.ratedKw;
    this.enclosure.extraHeatKw = this.lossKw();
    this.pcsTempC = relax(this.pcsTempC, this.enclosure.airTempC + 4 + 35 * x ** 1.3, dtS, 300);
  }

  readings(): PointValues {
    const b = this.batteries[0];
    const { udc, idc } = this.dc();
    return {
      p: this.powerKw,
      q: this.reactiveKvar,
      soc: this.soc,
      udc,
      idc,
      runState: runState(this.powerKw, this.running, this.fault),
      ...this.control.readings(),
      soh: b?.soh ?? 0,
      cellVmax: b?.cellVmax ?? 0,
      cellVmaxNo: b?.cellVmaxNo ?? 0,
      cellVmin: b?.cellVmin ?? 0,
      cellVminNo: b?.cellVminNo ?? 0,
      cellTmax: b?.cellTmax ?? 0,
      cellTmaxNo: b?.cellTmaxNo ?? 0,
      cellTmin: b?.cellTmin ?? 0,
      cellTminNo: b?.cellTminNo ?? 0,
      pcsTemp: this.pcsTempC,
      envTemp: this.enclosure.airTempC,
      acState: this.enclosure.cooling.mode,
      chargeEnergy: this.chargeEnergy,
      dischargeEnergy: this.dischargeEnergy,
      auxEnergy: this.auxEnergy,
    };
  }
}
