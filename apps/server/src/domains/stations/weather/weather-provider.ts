import type { Lang, WeatherInfo } from '@ess/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../../env';
import type { StationRow } from '../station';
import { OfflineSolarWeatherProvider } from './offline-weather.provider';
import { OpenMeteoWeatherProvider } from './open-meteo.provider';

/** What a provider needs to know about a station. */
export type WeatherStation = Pick<StationRow, 'code' | 'city' | 'provinceCode' | 'latitude' | 'longitude' | 'timezone'>;

export interface WeatherProvider {
  readonly name: string;
  /** The weather of the station's local day (its `timezone`) containing `instant`, texts in `lang`. */
  forecast(station: WeatherStation, instant: Date, lang: Lang): Promise<WeatherInfo>;
}

export type WeatherConfig = Pick<Env, 'WEATHER_PROVIDER' | 'WEATHER_URL' | 'WEATHER_API_KEY' | 'WEATHER_TIMEOUT_MS'>;
export type WeatherLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * The one place a provider is chosen. The platform runs without internet access, so the
 * offline model is the default; `WEATHER_PROVIDER=open-meteo` asks the Open-Meteo forecast API
 * (falling back to the offline model whenever it fails).
 */
export function createWeatherProvider(config: WeatherConfig, log: WeatherLog): WeatherProvider {
  if (config.WEATHER_PROVIDER === 'open-meteo') {
    return new OpenMeteoWeatherProvider(
      { url: config.WEATHER_URL, apiKey: config.WEATHER_API_KEY, timeoutMs: config.WEATHER_TIMEOUT_MS },
      log,
    );
  }
  return new OfflineSolarWeatherProvider();
}
