import { clamp } from '../physics/numeric';
import { gaussian, MeanReverting, type Rng } from '../physics/random';
import type { SiteEnvironment } from '../physics/site-environment';
import type { LoadShape } from '../station/station-profile';

/** Lagging power factor of a commercial site (motors, HVAC). */
const LOAD_TAN_PHI = Math.tan(Math.acos(0.93));
/** A typical site: night base 32 % of the peak, working day 07:30–19:00, half the hump at weekends. */
export const TYPICAL_LOAD: LoadShape = {
  baseShare: 0.32,
  openHour: 7.5,
  closeHour: 19,
  weekendShare: 0.35 / 0.68,
  lunchDip: 0.1,
};

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * The commercial/industrial consumption behind the load meter (charging piles and air
 * conditioning are added by the station): a night base, a working-day hump between the
 * site's opening and closing hours with a lunch dip, lower at weekends, more on hot
 * (cooling) and cold (heating) days, with slow wander and fast flicker.
 */
export class BuildingLoad {
  powerKw = 0;
  reactiveKvar = 0;
  private readonly wander: MeanReverting;

  constructor(
    readonly peakKw: number,
    private readonly env: SiteEnvironment,
    private readonly rng: Rng,
    readonly shapeOf: LoadShape = TYPICAL_LOAD,
  ) {
    this.wander = new MeanReverting(20 * 60, 0.04, rng);
  }

  /** Share of the peak at a local hour of a weekday or weekend day. */
  static shape(hour: number, weekend: boolean, s: LoadShape = TYPICAL_LOAD): number {
    const work = logistic((hour - s.openHour) / 0.6) * logistic((s.closeHour - hour) / 0.8);
    const lunch = 1 - s.lunchDip * Math.exp(-(((hour - 12.5) / 0.6) ** 2));
    const hump = (0.98 - s.baseShare) * (weekend ? s.weekendShare : 1);
    return s.baseShare + hump * work * lunch;
  }

  step(dtS: number): void {
    const { clock, ambientC } = this.env;
    const weekend = clock.weekday === 0 || clock.weekday === 6;
    const weather = 1 + 0.015 * Math.max(0, ambientC - 24) + 0.01 * Math.max(0, 8 - ambientC);
    const noise = 1 + this.wander.step(dtS) + 0.01 * gaussian(this.rng);
    this.powerKw = clamp(
      this.peakKw * BuildingLoad.shape(clock.minuteOfDay / 60, weekend, this.shapeOf) * weather * noise,
      0,
      2 * this.peakKw,
    );
    this.reactiveKvar = this.powerKw * LOAD_TAN_PHI;
  }
}
