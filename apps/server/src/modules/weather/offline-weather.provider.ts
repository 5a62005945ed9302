import { type Lang, provinceName, type WeatherInfo } from '@ess/contract';
import { dailyWeather } from '@ess/simulator';
import type { WeatherProvider, WeatherStation } from './weather-provider';
import { windText } from './wind-text';

/**
 * Weather from the station's coordinates, its local date in its own time zone and a solar
 * model (the simulator's weather model, whose daily clearness also drives simulated PV).
 */
export class OfflineSolarWeatherProvider implements WeatherProvider {
  readonly name = 'offline-solar-model';

  async forecast(station: WeatherStation, instant: Date, lang: Lang): Promise<WeatherInfo> {
    const w = dailyWeather(station, instant, station.timezone);
    return {
      skyCon: w.skyCon,
      minTemperature: w.minTemperature,
      maxTemperature: w.maxTemperature,
      cityzh: station.city ?? provinceName(station.provinceCode, 'zh_CN'),
      speedAndDirection: windText(w.windDirectionDeg, w.windForce, lang),
      windDirectionDeg: w.windDirectionDeg,
      windSpeedMs: w.windSpeedMs,
      windForce: w.windForce,
      clearness: w.clearness,
      date: w.date,
      source: this.name,
    };
  }
}
