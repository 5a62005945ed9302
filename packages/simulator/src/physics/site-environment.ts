import { addDays, type LocalClock, localClock } from '@ess/contract';
import { getPosition } from 'suncalc';
import { dailyClearness, dailyTemperatures, noonSolarElevation, type Site } from '../weather/weather-model';
import { clamp } from './numeric';
import { MeanReverting, type Rng } from './random';

type Day = { clearness: number; min: number; max: number };

/** Hour of the day's minimum (about sunrise) and maximum (mid-afternoon) temperature. */
const T_MIN_HOUR = 6;
const T_MAX_HOUR = 15;
const NOMINAL_PHASE_VOLTAGE = 230;
const NOMINAL_FREQUENCY = 50;

/**
 * What every device of a site shares at an instant: local clock, weather of the day, ambient
 * temperature, sun, cloud passages, grid voltage and frequency. Updated once per station step.
 */
export class SiteEnvironment {
  clock: LocalClock;
  ambientC = 20;
  /** Sun altitude, degrees (negative at night). */
  sunElevationDeg = 0;
  /** The day's clearness index from the weather model. */
  clearness = 0.5;
  /** Global horizontal irradiance, W/m², including short-term cloud passages. */
  irradianceWm2 = 0;
  /** Outdoor relative humidity, %. */
  humidity = 60;
  phaseVoltageV = NOMINAL_PHASE_VOLTAGE;
  frequencyHz = NOMINAL_FREQUENCY;

  private readonly days = new Map<string, Day>();
  private readonly clouds: MeanReverting;
  private readonly voltage: MeanReverting;
  private readonly frequency: MeanReverting;
  private readonly humidityNoise: MeanReverting;

  constructor(
    readonly site: Site,
    readonly timeZone: string,
    rng: Rng,
  ) {
    this.clouds = new MeanReverting(600, 1, rng);
    this.voltage = new MeanReverting(1800, 0.006, rng);
    this.frequency = new MeanReverting(120, 0.015, rng);
    this.humidityNoise = new MeanReverting(3 * 3600, 6, rng);
    this.clock = localClock(0, timeZone);
  }

  update(t: Date, dtS: number): void {
    this.clock = localClock(t.getTime(), this.timeZone);
    const today = this.day(this.clock.date);
    this.clearness = today.clearness;
    this.ambientC = this.ambientAt(this.clock, today);
    this.sunElevationDeg = getPosition(t, this.site.latitude, this.site.longitude).altitude;
    this.irradianceWm2 = this.irradiance(this.clouds.step(dtS));
    this.humidity = clamp(92 - 45 * today.clearness + this.humidityNoise.step(dtS), 25, 98);
    this.phaseVoltageV = NOMINAL_PHASE_VOLTAGE * (1 + this.voltage.step(dtS));
    this.frequencyHz = NOMINAL_FREQUENCY + clamp(this.frequency.step(dtS), -0.08, 0.08);
  }

  /** 0..1: how strongly the sun heats enclosures right now. */
  get sunFactor(): number {
    return clamp(this.irradianceWm2 / 1000, 0, 1.2);
  }

  private day(date: string): Day {
    let d = this.days.get(date);
    if (!d) {
      const clearness = dailyClearness(this.site, date);
      const noon = noonSolarElevation(this.site, date, this.timeZone);
      const { min, max } = dailyTemperatures(this.site, date, clearness, noon);
      d = { clearness, min, max };
      if (this.days.size > 400) this.days.clear();
      this.days.set(date, d);
    }
    return d;
  }

  /**
   * Diurnal temperature: a half cosine from the day's minimum at 06:00 to its maximum at
   * 15:00, then down toward the next morning's minimum; continuous across midnight.
   */
  private ambientAt(clock: LocalClock, today: Day): number {
    const h = clock.minuteOfDay / 60;
    const half = (from: number, to: number, x: number) => from + (to - from) * 0.5 * (1 - Math.cos(Math.PI * x));
    if (h < T_MIN_HOUR) {
      const yesterday = this.day(addDays(clock.date, -1));
      return half(yesterday.max, today.min, (h + 24 - T_MAX_HOUR) / (24 - T_MAX_HOUR + T_MIN_HOUR));
    }
    if (h < T_MAX_HOUR) return half(today.min, today.max, (h - T_MIN_HOUR) / (T_MAX_HOUR - T_MIN_HOUR));
    const tomorrow = this.day(addDays(clock.date, 1));
    return half(today.max, tomorrow.min, (h - T_MAX_HOUR) / (24 - T_MAX_HOUR + T_MIN_HOUR));
  }

  /**
   * Clear-sky irradiance (Haurwitz) scaled by the day's clearness (0.72 ≈ a clear day), with
   * cloud passages: strongest on broken-cloud days, faint on clear and overcast ones.
   */
  private irradiance(cloudNoise: number): number {
    const s = Math.sin((this.sunElevationDeg * Math.PI) / 180);
    if (s <= 0) return 0;
    const clearSky = 1098 * s * Math.exp(-0.057 / s);
    const k = this.clearness;
    const variability = 0.45 * (1 - (k / 0.82) ** 3) * Math.min(1, k / 0.25);
    const passage = clamp(1 + variability * cloudNoise, 0.15, 1.25);
    return Math.min(1.1 * clearSky, clearSky * (k / 0.72) * passage);
  }
}
