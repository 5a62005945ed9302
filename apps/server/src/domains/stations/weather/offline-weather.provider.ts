import { type Lang, provinceName, type WeatherInfo, type WeatherSource } from '@ess/contract';
import { dailyWeather } from '@ess/simulator';
import type { WeatherProvider, WeatherStation } from './weather-provider';
import { windText } from './wind-text';

/** The station's city in Chinese, else its province (spec field `cityzh`). */
export const cityOf = (station: WeatherStation): string => station.city ?? provinceName(station.provinceCode, 'zh_CN');

/**
 * Weather from the station's coordinates, its local date in its own time zone and a solar
 * model (the simulator's weather model, whose daily clearness also drives simulated PV).
 */
export class OfflineSolarWeatherProvider implements WeatherProvider {
  readonly name = 'offline-solar-model' satisfies WeatherSource;

  async forecast(station: WeatherStation, instant: Date, lang: Lang): Promise<WeatherInfo> {
    return this.answer(station, instant, lang, null);
  }

  /** The model's answer; `fallbackFrom` names the service it stands in for. */
  answer(station: WeatherStation, instant: Date, lang: Lang, fallbackFrom: WeatherSource | null): WeatherInfo {
    const w = dailyWeather(station, instant, station.timezone);
    return {
      skyCon: w.skyCon,
      minTemperature: w.minTemperature,
      maxTemperature: w.maxTemperature,
      cityzh: cityOf(station),
      speedAndDirection: windText(w.windDirectionDeg, w.windForce, lang),
      windDirectionDeg: w.windDirectionDeg,
      windSpeedMs: w.windSpeedMs,
      windForce: w.windForce,
      clearness: w.clearness,
      date: w.date,
      source: this.name,
      fallbackFrom,
    };
  }
}
