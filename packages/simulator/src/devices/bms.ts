import type { DeviceModelDef, LayoutDevice } from '@ess/contract';
import type { Battery } from '../physics/battery';
import { IDLE_KW } from '../physics/converter';
import type { PointValues, SimDevice } from './sim-device';

/** BMS-C1250 `state` codes. */
const BMS_STATE = { idle: 0, charging: 1, discharging: 2, fault: 3 } as const;

/**
 * BMS of one battery cluster (电池簇): reports what its battery measures. The battery itself
 * is stepped by the PCS that drives it, so this view has no dynamics of its own.
 */
export class Bms implements SimDevice {
  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly battery: Battery,
  ) {}

  step(): void {}

  readings(): PointValues {
    const b = this.battery;
    const p = b.dcPowerKw;
    let state: number = BMS_STATE.idle;
    if (b.tripped) state = BMS_STATE.fault;
    else if (p > IDLE_KW) state = BMS_STATE.discharging;
    else if (p < -IDLE_KW) state = BMS_STATE.charging;
    return {
      soc: b.soc,
      voltage: b.voltageV,
      current: b.currentA,
      power: p,
      state,
      soh: b.soh,
      cellVmax: b.cellVmax,
      cellVmaxNo: b.cellVmaxNo,
      cellVmin: b.cellVmin,
      cellVminNo: b.cellVminNo,
      cellTmax: b.cellTmax,
      cellTmaxNo: b.cellTmaxNo,
      cellTmin: b.cellTmin,
      cellTminNo: b.cellTminNo,
      insulation: b.insulationKohm,
    };
  }
}
