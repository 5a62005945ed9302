import { addDays, datesBetween, type LoadBacktest, type LoadForecast, localDateOf, zonedInstant } from '@ess/contract';
import type { Db } from '../../../db/client';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import type { SessionUser } from '../../../lib/types';
import type { StationRow } from '../../stations/station';
import type { WeatherProvider } from '../../stations/weather';
import { type DayLoad, forecastDay, HISTORY_DAYS, type MapeSum, mapeFloor, mapePct, mapeSum } from './load-forecast';
import { readStationHistory, type StationHistory } from './load-history';
import { forecastPv, PV_DAYS } from './pv-forecast';

/** Weather days asked at once. */
const WEATHER_BATCH = 8;

/** A local day's weather as the forecast uses it. */
export type DayWeather = { meanC: number; clearness: number };
export type DayWeatherSource = (station: StationRow, date: string) => Promise<DayWeather | null>;

/**
 * Daily mean temperature and clearness from the weather provider, asked for the station's local
 * noon of each date. Past days do not change, so answers are kept (bounded).
 */
export function providerWeather(provider: WeatherProvider, maxKept = 20_000): DayWeatherSource {
  const kept = new Map<string, DayWeather>();
  return async (station, date) => {
    const key = `${station.id}:${station.latitude}:${station.longitude}:${date}`;
    const hit = kept.get(key);
    if (hit) return hit;
    try {
      const w = await provider.forecast(station, new Date(zonedInstant(date, 720, station.timezone)), 'en_US');
      const day = { meanC: (w.minTemperature + w.maxTemperature) / 2, clearness: w.clearness };
      if (kept.size >= maxKept) kept.clear();
      kept.set(key, day);
      return day;
    } catch {
      // Without weather the forecast has no temperature term; it is not a reason to fail.
      return null;
    }
  };
}

/** Load and PV forecasts of a station's day, what the plan and budget are computed on. */
export type DayForecast = { load: ReturnType<typeof forecastDay>; pvKw: number[]; actualKw: DayLoad | null };

export class LoadForecastService {
  constructor(
    private readonly db: Db,
    private readonly weather: DayWeatherSource,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Tomorrow on the station's clock: the day ahead. */
  defaultDate(station: Pick<StationRow, 'timezone'>): string {
    return addDays(localDateOf(this.clock(), station.timezone), 1);
  }

  private async weatherOf(station: StationRow, from: string, to: string) {
    const temps = new Map<string, number>();
    const clear = new Map<string, number>();
    const dates = datesBetween(from, to);
    // A few days at a time: an online provider answers one request per day.
    for (let i = 0; i < dates.length; i += WEATHER_BATCH) {
      const batch = dates.slice(i, i + WEATHER_BATCH);
      const answers = await Promise.all(batch.map((date) => this.weather(station, date)));
      batch.forEach((date, k) => {
        const w = answers[k];
        if (!w) return;
        temps.set(date, w.meanC);
        clear.set(date, w.clearness);
      });
    }
    return { temps, clear };
  }

  /** Forecasts of `dates` (ascending), each from the HISTORY_DAYS before it only. */
  async forecastDays(station: StationRow, dates: string[]): Promise<Map<string, DayForecast>> {
    const first = dates[0];
    const last = dates.at(-1);
    const out = new Map<string, DayForecast>();
    if (first === undefined || last === undefined) return out;
    const from = addDays(first, -Math.max(HISTORY_DAYS, PV_DAYS));
    const history: StationHistory = await readStationHistory(this.db, station, from, last);
    const { temps, clear } = await this.weatherOf(station, from, last);
    for (const date of dates) {
      out.set(date, {
        load: forecastDay(history.load, temps, date),
        pvKw: forecastPv(history.pv, clear, date),
        actualKw: history.load.get(date) ?? null,
      });
    }
    return out;
  }

  async dayForecast(station: StationRow, date: string): Promise<DayForecast> {
    const f = (await this.forecastDays(station, [date])).get(date);
    if (!f) throw new Error('forecast of the requested date is missing');
    return f;
  }

  async forecast(user: SessionUser, stationId: number, date: string | undefined): Promise<LoadForecast> {
    const station = await assertStationInScope(this.db, user, stationId);
    const day = date ?? this.defaultDate(station);
    const f = await this.dayForecast(station, day);
    const w = await this.weather(station, day);
    return {
      stationId: station.id,
      date: day,
      timezone: station.timezone,
      stepsKw: f.load.stepsKw,
      actualKw: f.actualKw,
      basis: f.load.basis,
      temperatureCoefKw: f.load.temperatureCoefKw,
      temperatureC: w?.meanC ?? null,
    };
  }

  /**
   * The last `days` local days before today, each forecast from the days before it, against what
   * was measured. MAPE leaves out steps whose actual load is below 1 % of the window's mean load
   * (near-zero loads would make a percentage error meaningless); the overall MAPE pools every
   * counted step of every day.
   */
  async backtest(user: SessionUser, stationId: number, days: number): Promise<LoadBacktest> {
    const station = await assertStationInScope(this.db, user, stationId);
    const today = localDateOf(this.clock(), station.timezone);
    const dates = datesBetween(addDays(today, -days), addDays(today, -1));
    const forecasts = await this.forecastDays(station, dates);
    const floorKw = mapeFloor(dates.map((d) => forecasts.get(d)?.actualKw ?? []));
    const total: MapeSum = { sum: 0, steps: 0 };
    const rows = dates.map((date) => {
      const f = forecasts.get(date);
      const m = f?.actualKw ? mapeSum(f.load.stepsKw, f.actualKw, floorKw) : { sum: 0, steps: 0 };
      total.sum += m.sum;
      total.steps += m.steps;
      return { date, mape: mapePct(m), steps: m.steps };
    });
    return { stationId: station.id, floorKw, days: rows, mape: mapePct(total) };
  }
}
