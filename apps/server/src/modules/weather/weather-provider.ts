import type { Lang, WeatherInfo } from '@ess/contract';
import type { StationRow } from '../station/station.repository';
import { OfflineSolarWeatherProvider } from './offline-weather.provider';

/** What a provider needs to know about a station. */
export type WeatherStation = Pick<StationRow, 'code' | 'city' | 'provinceCode' | 'latitude' | 'longitude' | 'timezone'>;

export interface WeatherProvider {
  readonly name: string;
  /** The weather of the station's local day (its `timezone`) containing `instant`, texts in `lang`. */
  forecast(station: WeatherStation, instant: Date, lang: Lang): Promise<WeatherInfo>;
}

/**
 * The one place a provider is chosen. The platform runs without internet access, so the
 * offline model is the default; an online service would be selected here.
 */
export function createWeatherProvider(): WeatherProvider {
  return new OfflineSolarWeatherProvider();
}
