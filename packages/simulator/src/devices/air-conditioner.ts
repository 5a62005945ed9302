import type { DeviceModelDef, LayoutDevice } from '@ess/contract';
import { AC_MODE } from '../physics/cooling-unit';
import type { Enclosure } from '../physics/enclosure';
import { clamp, HOUR_S } from '../physics/numeric';
import type { SiteEnvironment } from '../physics/site-environment';
import type { PointValues, SimDevice } from './sim-device';

/**
 * AC-15 battery air conditioner (储能空调) of a container: the view of its enclosure's cooling
 * unit. The enclosure is stepped by the station after the batteries have worked.
 */
export class AirConditioner implements SimDevice {
  /** Its own electricity meter (kWh): the station's auxiliary consumption is counted here. */
  auxEnergy = 0;

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly enclosure: Enclosure,
    private readonly env: SiteEnvironment,
  ) {}

  step(dtS: number): void {
    this.auxEnergy += (this.enclosure.cooling.electricKw * dtS) / HOUR_S;
  }

  restoreCounters(values: PointValues): void {
    this.auxEnergy = values.auxEnergy ?? this.auxEnergy;
  }

  apply(code: string, value: number): void {
    if (code === 'setTemp') this.enclosure.cooling.setTempC = value;
  }

  readings(): PointValues {
    const c = this.enclosure.cooling;
    const air = this.enclosure.airTempC;
    // Cooling coils condense moisture out of the air.
    const drying = c.mode === AC_MODE.cooling ? 20 * (c.electricKw / c.ratedKw) : 0;
    return {
      state: c.mode,
      supplyTemp: c.supplyTempC(air),
      returnTemp: air,
      humidity: clamp(this.env.humidity - 15 - drying, 20, 90),
      p: c.electricKw,
      auxEnergy: this.auxEnergy,
    };
  }
}
