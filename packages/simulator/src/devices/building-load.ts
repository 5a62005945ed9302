import { clamp } from '../physics/numeric';
import { gaussian, MeanReverting, type Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';

/** Lagging power factor of a commercial site (motors, HVAC). */
const LOAD_TAN_PHI = Math.tan(Math.acos(0.93));
/** Night-time base as a share of the daytime peak. */
const BASE_SHARE = 0.32;

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * The commercial/industrial consumption behind the load meter (charging piles and air
 * conditioning are added by the station): a night base, a working-day hump from about 07:30
 * to 19:00 with a lunch dip, lower at weekends, more on hot (cooling) and cold (heating)
 * days, with slow wander and fast flicker.
 */
export class BuildingLoad {
  powerKw = 0;
  reactiveKvar = 0;
  private readonly wander: MeanReverting;

  constructor(
    readonly peakKw: number,
    private readonly env: SiteEnvironment,
    private readonly rng: Rng,
  ) {
    this.wander = new MeanReverting(20 * 60, 0.04, rng);
  }

  /** Share of the peak at a local hour of a weekday or weekend day. */
  static shape(hour: number, weekend: boolean): number {
    const work = logistic((hour - 7.5) / 0.6) * logistic((19 - hour) / 0.8);
    const lunch = 1 - 0.1 * Math.exp(-(((hour - 12.5) / 0.6) ** 2));
    return BASE_SHARE + (weekend ? 0.35 : 0.68) * work * lunch;
  }

  step(dtS: number): void {
    const { clock, ambientC } = this.env;
    const weekend = clock.weekday === 0 || clock.weekday === 6;
    const weather = 1 + 0.015 * Math.max(0, ambientC - 24) + 0.01 * Math.max(0, 8 - ambientC);
    const noise = 1 + this.wander.step(dtS) + 0.01 * gaussian(this.rng);
    this.powerKw = clamp(
      this.peakKw * BuildingLoad.shape(clock.minuteOfDay / 60, weekend) * weather * noise,
      0,
      2 * this.peakKw,
    );
    this.reactiveKvar = this.powerKw * LOAD_TAN_PHI;
  }
}
