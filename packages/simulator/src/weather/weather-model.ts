/**
 * Offline weather from geometry and climatology: pure functions of (site, date), so that the
 * navbar's weather and a station simulator's PV output can share the same daily clearness.
 * Depends only on suncalc (degrees, azimuth from north) and contract types: no database, no
 * server code: the server's weather provider and the simulator's PV share it.
 */
import { addDays, DEFAULT_TIMEZONE, dayOfYear, localDateOf, type SkyCondition, zonedInstant } from '@ess/contract';
import { getPosition, getTimes } from 'suncalc';

export type Site = { code: string; latitude: number; longitude: number };

export const SKY_BANDS = {
  /** Clearness at or above this is clear. */
  clear: 0.62,
  partlyCloudy: 0.45,
  cloudy: 0.3,
  /** Below `cloudy` it rains (or snows); below these it rains harder. */
  moderateRain: 0.2,
  heavyRain: 0.12,
} as const;

export type DailyWeather = {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** Daily clearness index 0..1 (share of clear-sky irradiance reaching the ground). */
  clearness: number;
  minTemperature: number;
  maxTemperature: number;
  windDirectionDeg: number;
  windSpeedMs: number;
  windForce: number;
  skyCon: SkyCondition;
};

const YEAR_DAYS = 365.25;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const rad = (deg: number) => (deg * Math.PI) / 180;

// ---------- deterministic randomness ----------

/** FNV-1a: a 32-bit seed from text. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast PRNG with uniform output in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The uniform draws of one (station, day), in a fixed order so each quantity keeps its own. */
export function dayDraws(code: string, date: string) {
  const next = mulberry32(hashSeed(`${code}|${date}`));
  return {
    cloud: next() + next() - 1,
    temperature: next() + next() - 1,
    windDirection: next(),
    windSpeed: next(),
    gale: next(),
  };
}

// ---------- calendar (local dates in the station's zone: @ess/contract local-time) ----------

/** 1 at the height of summer (about 21 July), 0 at the depth of winter (about 21 January). */
export const summerness = (doy: number): number => 0.5 * (1 - Math.cos((2 * Math.PI * (doy - 21)) / YEAR_DAYS));

// ---------- sky ----------

/** 1 in South China (22°N and below), 0 in the north (38°N and above). */
export const southness = (latitude: number): number => clamp((38 - latitude) / 16, 0, 1);

/**
 * Monsoon wetness 0..1: the summer rainy season, strongest in the south (Meiyu and typhoon
 * rains), half as strong in the north (July–August rains), and the dry winter monsoon everywhere.
 */
export function monsoonWetness(latitude: number, doy: number): number {
  const season = 0.5 * (1 + Math.cos((2 * Math.PI * (doy - 195)) / YEAR_DAYS));
  return season * (0.5 + 0.5 * southness(latitude));
}

/** Climatological clearness: sunny northern winters, cloudy wet southern summers. */
export const meanClearness = (latitude: number, doy: number): number =>
  0.6 - 0.05 * southness(latitude) - 0.25 * monsoonWetness(latitude, doy);

/**
 * The day's clearness index, deterministic per (station code, date). A share of yesterday's
 * draw carries over, so weather comes in spells rather than flipping daily.
 */
export function dailyClearness(site: Site, date: string): number {
  const today = dayDraws(site.code, date).cloud;
  const yesterday = dayDraws(site.code, addDays(date, -1)).cloud;
  const k = meanClearness(site.latitude, dayOfYear(date)) + 0.32 * (0.8 * today + 0.4 * yesterday);
  return round(clamp(k, 0.03, 0.82), 3);
}

/** The sun's altitude at solar noon of local `date` in the station's zone, degrees. */
export function noonSolarElevation(site: Site, date: string, timeZone: string): number {
  const localNoon = new Date(zonedInstant(date, 12 * 60, timeZone));
  const { solarNoon } = getTimes(localNoon, site.latitude, site.longitude);
  return getPosition(solarNoon, site.latitude, site.longitude).altitude;
}

/** The sun is above the horizon at this instant. */
export const isDaytime = (site: Site, instant: Date): boolean =>
  getPosition(instant, site.latitude, site.longitude).altitude > 0;

// ---------- temperature ----------

/** Monthly mean temperatures (°C) of January and July in eastern China at low altitude, by latitude. */
const CLIMATE: readonly (readonly [lat: number, jan: number, jul: number])[] = [
  [18, 21, 28.5], // Sanya
  [20, 18, 29], // Haikou
  [22.5, 15.5, 29], // Shenzhen
  [25, 12, 29], // Fuzhou
  [30, 5, 29], // Hangzhou
  [32, 3, 28.2], // Nanjing
  [35, 0, 27.2], // Zhengzhou
  [40, -3.5, 26.8], // Beijing
  [42, -11, 24.8], // Shenyang
  [46, -18, 23.5], // Harbin
  [50, -23, 21], // Heihe
  [53, -29, 18.5], // Mohe
];

/** January and July mean temperatures at a latitude, interpolated and held at the ends. */
export function januaryJulyMeans(latitude: number): { jan: number; jul: number } {
  const first = CLIMATE[0] ?? [0, 0, 0];
  const last = CLIMATE[CLIMATE.length - 1] ?? first;
  if (latitude <= first[0]) return { jan: first[1], jul: first[2] };
  if (latitude >= last[0]) return { jan: last[1], jul: last[2] };
  for (let i = 1; i < CLIMATE.length; i++) {
    const hi = CLIMATE[i];
    const lo = CLIMATE[i - 1];
    if (!hi || !lo || latitude > hi[0]) continue;
    const t = (latitude - lo[0]) / (hi[0] - lo[0]);
    return { jan: lo[1] + t * (hi[1] - lo[1]), jul: lo[2] + t * (hi[2] - lo[2]) };
  }
  return { jan: last[1], jul: last[2] };
}

/** Climatological daily mean temperature: a yearly cosine from January's to July's mean. */
export function climateMeanTemperature(latitude: number, doy: number): number {
  const { jan, jul } = januaryJulyMeans(latitude);
  return jan + (jul - jan) * summerness(doy);
}

/**
 * The day's minimum and maximum, rounded (spec 9). Clear days swing more between night and
 * day, the more so under a high noon sun and inland-dry northern air; clear summer days run
 * warmer; weather systems (cold waves most of all in northern winters) add a random anomaly.
 */
export function dailyTemperatures(
  site: Site,
  date: string,
  clearness: number,
  noonElevationDeg: number,
): { min: number; max: number } {
  const doy = dayOfYear(date);
  const { jan, jul } = januaryJulyMeans(site.latitude);
  const sunHeight = Math.sin(rad(clamp(noonElevationDeg, 0, 90)));
  const synoptic = 1 + 0.1 * (jul - jan) * (0.4 + 0.6 * (1 - summerness(doy)));
  const mean =
    climateMeanTemperature(site.latitude, doy) +
    4 * (clearness - meanClearness(site.latitude, doy)) * (sunHeight - 0.3) +
    synoptic * dayDraws(site.code, date).temperature;
  const range = 2.5 + clearness * (6 + 4 * sunHeight + 6 * (1 - southness(site.latitude)));
  // Rounding is monotonic, so min ≤ max survives it.
  return { min: Math.round(mean - 0.45 * range), max: Math.round(mean + 0.55 * range) };
}

// ---------- wind ----------

/** Beaufort force of a wind speed in m/s (WMO limits). */
export function beaufort(speedMs: number): number {
  const limits = [0.3, 1.6, 3.4, 5.5, 8, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7];
  const force = limits.findIndex((l) => speedMs < l);
  return force === -1 ? 12 : force;
}

/**
 * The day's wind: the winter monsoon blows from the north-west in the north and the north-east
 * in the south, the summer monsoon from the south-east; winter winds are stronger in the north
 * and weather systems (low clearness) bring more wind.
 */
export function dailyWind(
  site: Site,
  date: string,
  clearness: number,
): { directionDeg: number; speedMs: number; force: number } {
  const doy = dayOfYear(date);
  const south = southness(site.latitude);
  const summer = summerness(doy);
  const draws = dayDraws(site.code, date);
  const winterFrom = 315 + 80 * south; // NW (315°) in the north → NE (35°) in the south
  const x = (1 - summer) * Math.cos(rad(winterFrom)) + summer * Math.cos(rad(150));
  const y = (1 - summer) * Math.sin(rad(winterFrom)) + summer * Math.sin(rad(150));
  const prevailing = (Math.atan2(y, x) * 180) / Math.PI;
  const directionDeg = Math.round((((prevailing + (draws.windDirection - 0.5) * 140) % 360) + 360) % 360);
  const base = 2 + 1.3 * (1 - south) * (1 - summer) + 2.5 * Math.max(0, 0.35 - clearness);
  const gale = draws.gale > 0.96 ? 2.2 : 1;
  const speedMs = round(base * (0.25 + 1.5 * draws.windSpeed) * gale, 1);
  return { directionDeg: directionDeg === 360 ? 0 : directionDeg, speedMs, force: beaufort(speedMs) };
}

// ---------- the day ----------

/** Sky condition from the day's clearness and temperatures, with day/night by the sun at `instant`. */
export function skyCondition(input: {
  clearness: number;
  min: number;
  max: number;
  windForce: number;
  latitude: number;
  daytime: boolean;
}): SkyCondition {
  const { clearness: k, min, max, windForce, latitude, daytime } = input;
  const mean = (min + max) / 2;
  if (k >= SKY_BANDS.clear) return daytime ? 'CLEAR_DAY' : 'CLEAR_NIGHT';
  if (k >= SKY_BANDS.partlyCloudy) return daytime ? 'PARTLY_CLOUDY_DAY' : 'PARTLY_CLOUDY_NIGHT';
  if (k >= SKY_BANDS.cloudy) {
    // Still, overcast air: winter haze in the heating north, fog in the humid south.
    if (windForce <= 1 && latitude >= 33 && mean < 10) return 'HAZE';
    if (windForce <= 1 && southness(latitude) >= 0.5 && mean < 20) return 'FOG';
    return 'CLOUDY';
  }
  if (mean <= 1) return 'LIGHT_SNOW';
  if (k < SKY_BANDS.heavyRain) return 'HEAVY_RAIN';
  if (k < SKY_BANDS.moderateRain) return 'MODERATE_RAIN';
  return 'LIGHT_RAIN';
}

/** The weather of the day containing `instant` in the station's zone (IANA name), as seen at `instant`. */
export function dailyWeather(site: Site, instant: Date, timeZone = DEFAULT_TIMEZONE): DailyWeather {
  const date = localDateOf(instant.getTime(), timeZone);
  const clearness = dailyClearness(site, date);
  const { min, max } = dailyTemperatures(site, date, clearness, noonSolarElevation(site, date, timeZone));
  const wind = dailyWind(site, date, clearness);
  return {
    date,
    clearness,
    minTemperature: min,
    maxTemperature: max,
    windDirectionDeg: wind.directionDeg,
    windSpeedMs: wind.speedMs,
    windForce: wind.force,
    skyCon: skyCondition({
      clearness,
      min,
      max,
      windForce: wind.force,
      latitude: site.latitude,
      daytime: isDaytime(site, instant),
    }),
  };
}
