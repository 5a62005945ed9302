import type { DeviceModelDef, LayoutDevice } from '@ess/contract';
import { clamp, HOUR_S } from '../physics/numeric';
import type { Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import type { PointValues, SimDevice } from './sim-device';

/** DC-120 `state` codes. */
const PILE_STATE = { idle: 0, charging: 1 } as const;
/** Share of the pile's energy that reaches the car's battery. */
const VEHICLE_ETA = 0.93;

/** Arrivals per hour at one pile, by local hour: commuters, lunch, evening, few at night. */
const ARRIVALS_PER_HOUR = [
  0.05, 0.03, 0.02, 0.02, 0.03, 0.06, 0.15, 0.4, 0.5, 0.4, 0.3, 0.35, 0.45, 0.35, 0.3, 0.3, 0.35, 0.5, 0.55, 0.45, 0.3,
  0.2, 0.12, 0.08,
];

type Session = {
  batteryKwh: number;
  soc: number;
  targetSoc: number;
  vehicleMaxKw: number;
  /** 400 V or 800 V battery architecture. */
  highVoltage: boolean;
  energy: number;
  /** Reached its target this step; the car leaves before the next. */
  done: boolean;
};

/**
 * DC charging pile (直流充电桩): electric vehicles arrive at random (Poisson, by hour of day,
 * fewer at weekends), charge up to the car's and the pile's limit with the taper of a real
 * charging curve, and leave at their target SOC.
 */
export class ChargingPile implements SimDevice {
  powerKw = 0;
  totalEnergy = 0;
  sessionEnergy = 0;
  private session: Session | null = null;

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly ratedKw: number,
    private readonly env: SiteEnvironment,
    private readonly rng: Rng,
  ) {}

  restoreCounters(values: PointValues): void {
    this.totalEnergy = values.totalEnergy ?? this.totalEnergy;
  }

  step(dtS: number): void {
    if (this.session?.done) this.session = null;
    if (!this.session) this.maybeArrive(dtS);
    const s = this.session;
    if (!s) {
      this.powerKw = 0;
      return;
    }
    // Constant power to 50 %, then the car's battery management tapers the current.
    const taper = s.soc < 50 ? 1 : s.soc < 80 ? 1 - (0.4 * (s.soc - 50)) / 30 : (0.6 * (100 - s.soc)) / 20;
    const toTarget = (((s.targetSoc - s.soc) / 100) * s.batteryKwh) / VEHICLE_ETA / (dtS / HOUR_S);
    this.powerKw = clamp(Math.min(s.vehicleMaxKw * taper, this.ratedKw, toTarget), 0, this.ratedKw);
    const kwh = (this.powerKw * dtS) / HOUR_S;
    s.soc += ((kwh * VEHICLE_ETA) / s.batteryKwh) * 100;
    s.energy += kwh;
    this.sessionEnergy = s.energy;
    this.totalEnergy += kwh;
    s.done = s.soc >= s.targetSoc - 0.01 || this.powerKw < 1;
  }

  private maybeArrive(dtS: number): void {
    const hour = Math.floor(this.env.clock.minuteOfDay / 60);
    const weekend = this.env.clock.weekday === 0 || this.env.clock.weekday === 6;
    const rate = (ARRIVALS_PER_HOUR[hour] ?? 0.1) * (weekend ? 0.7 : 1);
    if (this.rng() >= 1 - Math.exp((-rate * dtS) / HOUR_S)) return;
    const r = this.rng;
    this.session = {
      batteryKwh: 45 + 55 * r(),
      soc: 10 + 40 * r(),
      targetSoc: 80 + 18 * r(),
      vehicleMaxKw: 50 + 80 * r(),
      highVoltage: r() < 0.25,
      energy: 0,
      done: false,
    };
    this.sessionEnergy = 0;
  }

  readings(): PointValues {
    const s = this.session;
    const charging = s !== null && this.powerKw > 0;
    const voltage = !s ? 0 : s.highVoltage ? 680 + 1.4 * s.soc : 340 + 0.8 * s.soc;
    return {
      state: charging ? PILE_STATE.charging : PILE_STATE.idle,
      p: this.powerKw,
      voltage: charging ? voltage : 0,
      current: charging ? (this.powerKw * 1000) / voltage : 0,
      evSoc: s ? s.soc : 0,
      sessionEnergy: this.sessionEnergy,
      totalEnergy: this.totalEnergy,
    };
  }
}
