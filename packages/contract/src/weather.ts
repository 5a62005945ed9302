import { z } from 'zod';

/** Sky conditions (the codes of common Chinese weather services); the client translates them. */
export const SKY_CONDITIONS = [
  'CLEAR_DAY',
  'CLEAR_NIGHT',
  'PARTLY_CLOUDY_DAY',
  'PARTLY_CLOUDY_NIGHT',
  'CLOUDY',
  'HAZE',
  'LIGHT_RAIN',
  'MODERATE_RAIN',
  'HEAVY_RAIN',
  'LIGHT_SNOW',
  'FOG',
] as const;
export type SkyCondition = (typeof SKY_CONDITIONS)[number];

/**
 * Where weather figures come from: the built-in climate and solar model, or the Open-Meteo
 * forecast API (`WEATHER_PROVIDER=open-meteo`). The web names them in the user's language.
 */
export const WEATHER_SOURCES = ['offline-solar-model', 'open-meteo'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

/** Weather of spec 3 "Weather data", plus the structured values the text fields are made from. */
export const weatherInfo = z.object({
  skyCon: z.enum(SKY_CONDITIONS),
  /** Rounded to integers (spec 9). */
  minTemperature: z.number().int(),
  maxTemperature: z.number().int(),
  /** The station's city in Chinese (spec field name). */
  cityzh: z.string(),
  /** Wind as text in the request's language, e.g. "东北风 3级" / "NE wind, force 3". */
  speedAndDirection: z.string(),
  windDirectionDeg: z.number().min(0).max(360),
  windSpeedMs: z.number().min(0),
  /** Beaufort force. */
  windForce: z.number().int().min(0).max(12),
  /** Day's clearness index 0..1 (share of clear-sky irradiance), used by PV estimates. */
  clearness: z.number().min(0).max(1),
  /** Local date the figures are for, YYYY-MM-DD. */
  date: z.string(),
  /** Where the numbers come from. */
  source: z.enum(WEATHER_SOURCES),
  /** The configured weather service that failed, when the offline model answered in its place; else null. */
  fallbackFrom: z.enum(WEATHER_SOURCES).nullable(),
});
export type WeatherInfo = z.infer<typeof weatherInfo>;

/** `null` when the station shows no weather. */
export const weatherResult = weatherInfo.nullable();
