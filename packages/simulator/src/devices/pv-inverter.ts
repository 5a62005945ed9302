import type { DeviceModelDef, LayoutDevice } from '@ess/contract';
import { clamp, HOUR_S, relax } from '../physics/numeric';
import { gaussian, MeanReverting, type Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import type { PointValues, SimDevice } from './sim-device';

/** Plane-of-array gain of a south-facing tilt over horizontal irradiance. */
const TILT_GAIN = 1.12;
/** Performance ratio: soiling, mismatch, wiring and inverter losses. */
const PERFORMANCE_RATIO = 0.84;
/** Module power falls by 0.4 % per kelvin above 25 °C. */
const TEMP_COEFF = -0.004;
const INVERTER_ETA = 0.985;
/** Below this the inverter sleeps. */
const WAKE_KW = 0.2;

/** PV-INV-100 `state` codes. */
const PV_STATE = { standby: 0, generating: 1 } as const;

/**
 * PV inverter (光伏逆变器) and its strings: power from the sun's elevation (suncalc) and the
 * day's clearness with cloud passages, derated by module temperature; zero at night, never
 * above the array's kWp. Counts the day's and the lifetime generation.
 */
export class PvInverter implements SimDevice {
  powerKw = 0;
  dailyEnergy = 0;
  totalEnergy = 0;
  internalTempC = 20;
  private date = '';
  private readonly mismatch: MeanReverting;

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly kwp: number,
    private readonly env: SiteEnvironment,
    private readonly rng: Rng,
  ) {
    this.mismatch = new MeanReverting(120, 0.01, rng);
  }

  restoreCounters(values: PointValues): void {
    this.totalEnergy = values.totalEnergy ?? this.totalEnergy;
  }

  step(dtS: number): void {
    const env = this.env;
    if (env.clock.date !== this.date) {
      this.date = env.clock.date;
      this.dailyEnergy = 0;
    }
    const poa = env.irradianceWm2 * TILT_GAIN;
    const moduleC = env.ambientC + 0.03 * poa;
    const dc = this.kwp * (poa / 1000) * PERFORMANCE_RATIO * (1 + TEMP_COEFF * (moduleC - 25));
    const ac = clamp(dc * INVERTER_ETA * (1 + this.mismatch.step(dtS)), 0, this.kwp);
    this.powerKw = env.sunElevationDeg > 0 && ac >= WAKE_KW ? ac : 0;
    const kwh = (this.powerKw * dtS) / HOUR_S;
    this.dailyEnergy += kwh;
    this.totalEnergy += kwh;
    this.internalTempC = relax(this.internalTempC, env.ambientC + 4 + 22 * (this.powerKw / this.kwp), dtS, 900);
  }

  readings(): PointValues {
    const on = this.powerKw > 0;
    // MPP voltage of the strings sags as the modules warm.
    const udc = on ? 640 - 1.2 * (this.env.ambientC + 0.03 * this.env.irradianceWm2 - 25) + gaussian(this.rng) : 0;
    return {
      p: this.powerKw,
      state: on ? PV_STATE.generating : PV_STATE.standby,
      udc,
      idc: on ? (this.powerKw * 1000) / INVERTER_ETA / udc : 0,
      temp: this.internalTempC,
      dailyEnergy: this.dailyEnergy,
      totalEnergy: this.totalEnergy,
    };
  }
}
