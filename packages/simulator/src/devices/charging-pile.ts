import type { DeviceModelDef, LayoutDevice } from '@ess/contract';
import { clamp, HOUR_S } from '../physics/numeric';
import { gaussian, type Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import type { PointValues, SimDevice } from './sim-device';

/** DC-120 `state` codes. */
const PILE_STATE = { idle: 0, charging: 1 } as const;
/** Share of the pile's energy that reaches the car's battery. */
const VEHICLE_ETA = 0.93;
/** Below this the car's battery management ends the session. */
const MIN_SESSION_KW = 1;

/** Arrivals per hour at one pile, by local hour: commuters, lunch, evening, few at night. */
const ARRIVALS_PER_HOUR = [
  0.05, 0.03, 0.02, 0.02, 0.03, 0.06, 0.15, 0.4, 0.5, 0.4, 0.3, 0.35, 0.45, 0.35, 0.3, 0.3, 0.35, 0.5, 0.55, 0.45, 0.3,
  0.2, 0.12, 0.08,
];

/** A car on the pile. */
export type Session = {
  batteryKwh: number;
  /** Vehicle SOC, %: where it arrived, then rising. */
  arrivalSoc: number;
  soc: number;
  /** The driver leaves at this SOC, or when their time is up, whichever comes first. */
  targetSoc: number;
  dwellS: number;
  elapsedS: number;
  /** The car's own peak DC power and the SOC up to which it holds it. */
  vehicleMaxKw: number;
  kneeSoc: number;
  /** 400 V or 800 V battery architecture. */
  highVoltage: boolean;
  energy: number;
  /** Reached its target or its time this step; the car leaves before the next. */
  done: boolean;
};

/**
 * The share of its peak power a car draws at a SOC: flat up to its knee (45–60 %), easing to
 * about 65 % at 80 %, then falling steeply toward 100 % (constant-voltage end of charge).
 */
export function chargeCurve(soc: number, kneeSoc: number): number {
  if (soc < kneeSoc) return 1;
  if (soc < 80) return 1 - (0.35 * (soc - kneeSoc)) / (80 - kneeSoc);
  return 0.65 - (0.57 * Math.min(20, soc - 80)) / 20;
}

/**
 * DC charging pile (直流充电桩): electric vehicles arrive at random (Poisson, by hour of day,
 * fewer at weekends, more at busy sites), at 15–60 % SOC, draw the power of their charging
 * curve up to the pile's rating, and leave at their target SOC (80–100 %) or when the
 * driver's time (20–90 minutes) is up. With no car on it the pile reports no vehicle SOC.
 */
export class ChargingPile implements SimDevice {
  powerKw = 0;
  totalEnergy = 0;
  sessionEnergy = 0;
  /** The car on the pile, if any. */
  session: Session | null = null;

  constructor(
    readonly layout: LayoutDevice,
    readonly model: DeviceModelDef,
    readonly ratedKw: number,
    private readonly env: SiteEnvironment,
    private readonly rng: Rng,
    /** Arrivals relative to a typical pile. */
    private readonly traffic = 1,
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
    const toTarget = (((s.targetSoc - s.soc) / 100) * s.batteryKwh) / VEHICLE_ETA / (dtS / HOUR_S);
    const curve = s.vehicleMaxKw * chargeCurve(s.soc, s.kneeSoc);
    this.powerKw = clamp(Math.min(curve, this.ratedKw, toTarget), 0, this.ratedKw);
    const kwh = (this.powerKw * dtS) / HOUR_S;
    s.soc = Math.min(100, s.soc + ((kwh * VEHICLE_ETA) / s.batteryKwh) * 100);
    s.energy += kwh;
    s.elapsedS += dtS;
    this.sessionEnergy = s.energy;
    this.totalEnergy += kwh;
    s.done = s.soc >= s.targetSoc - 0.01 || s.elapsedS >= s.dwellS || this.powerKw < MIN_SESSION_KW;
  }

  private maybeArrive(dtS: number): void {
    const hour = Math.floor(this.env.clock.minuteOfDay / 60);
    const weekend = this.env.clock.weekday === 0 || this.env.clock.weekday === 6;
    const rate = (ARRIVALS_PER_HOUR[hour] ?? 0.1) * (weekend ? 0.7 : 1) * this.traffic;
    if (this.rng() >= 1 - Math.exp((-rate * dtS) / HOUR_S)) return;
    const r = this.rng;
    const arrivalSoc = clamp(35 + 11 * gaussian(r), 15, 60);
    const batteryKwh = 40 + 60 * r();
    this.session = {
      batteryKwh,
      arrivalSoc,
      soc: arrivalSoc,
      // Half the drivers stop near 80 % where the taper starts; the others want a full battery.
      targetSoc: r() < 0.5 ? 78 + 8 * r() : 88 + 12 * r(),
      dwellS: (20 + 70 * r()) * 60,
      elapsedS: 0,
      // Peak DC power of 1 to 2.2 C: a small car takes 40–90 kW, a large one what the pile gives.
      vehicleMaxKw: batteryKwh * (1 + 1.2 * r()),
      kneeSoc: 45 + 15 * r(),
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
    const values: PointValues = {
      state: charging ? PILE_STATE.charging : PILE_STATE.idle,
      p: this.powerKw,
      voltage: charging ? voltage : 0,
      current: charging ? (this.powerKw * 1000) / voltage : 0,
      sessionEnergy: this.sessionEnergy,
      totalEnergy: this.totalEnergy,
    };
    // The model's range has no "no vehicle" value: an idle pile sends no vehicle SOC at all.
    if (s) values.evSoc = s.soc;
    return values;
  }
}
