import { dayOfYear, type Lang, localParts, type SkyCondition, type WeatherInfo } from '@ess/contract';
import { beaufort, isDaytime } from '@ess/simulator';
import { z } from 'zod';
import { cityOf, OfflineSolarWeatherProvider } from './offline-weather.provider';
import type { WeatherLog, WeatherProvider, WeatherStation } from './weather-provider';
import { windText } from './wind-text';

/**
 * The Open-Meteo forecast API (https://open-meteo.com/en/docs): one GET per station and local
 * hour for the station's local day, in its own time zone:
 *
 *   GET {WEATHER_URL}?latitude&longitude&timezone=<station zone>&start_date=<day>&end_date=<day>
 *       &wind_speed_unit=ms&daily=weather_code,temperature_2m_max,temperature_2m_min,
 *       wind_speed_10m_max,wind_direction_10m_dominant,shortwave_radiation_sum[&apikey=…]
 *
 * Fields mapped: `weather_code` (WMO 4677 code) → skyCon (clear and partly cloudy take their
 * night form while the sun is down at the station); `temperature_2m_min/max` (°C) → rounded
 * min/max temperature; `wind_speed_10m_max` (m/s) → wind speed and Beaufort force;
 * `wind_direction_10m_dominant` (°, where the wind comes from) → wind direction;
 * `shortwave_radiation_sum` (MJ/m²) ÷ the day's extraterrestrial radiation at the station's
 * latitude (FAO-56 eq. 21) → clearness index; `daily.time` → date.
 *
 * The key (commercial `customer-api.open-meteo.com`) travels as the `apikey` query parameter
 * and is never logged. A failure (network, timeout, HTTP status, unexpected body) answers with
 * the offline model, `fallbackFrom: 'open-meteo'`, and is retried after a minute.
 */
export const OPEN_METEO_DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'wind_speed_10m_max',
  'wind_direction_10m_dominant',
  'shortwave_radiation_sum',
] as const;

export type OpenMeteoOptions = {
  /** Forecast endpoint, e.g. https://api.open-meteo.com/v1/forecast. */
  url: string;
  apiKey?: string | undefined;
  timeoutMs: number;
};

/** A failed call is not repeated for this long (a dead service costs one timeout a minute per station). */
export const FAILURE_RETRY_MS = 60_000;
/** Answers larger than this are refused unread. */
const MAX_BODY_BYTES = 1_000_000;

const one = <T extends z.ZodType>(t: T) => z.tuple([t]).rest(z.unknown());
const openMeteoDaily = z.object({
  daily: z.object({
    time: one(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    weather_code: one(z.number().int().min(0)),
    temperature_2m_max: one(z.number()),
    temperature_2m_min: one(z.number()),
    wind_speed_10m_max: one(z.number().min(0)),
    wind_direction_10m_dominant: one(z.number().min(0).max(360)),
    shortwave_radiation_sum: one(z.number().min(0)),
  }),
});
export type OpenMeteoDaily = z.infer<typeof openMeteoDaily>;

type Sky = 'CLEAR' | 'PARTLY_CLOUDY' | Exclude<SkyCondition, `${string}_DAY` | `${string}_NIGHT`>;

/** WMO weather code (as Open-Meteo documents them) → sky; codes it does not document read as cloudy. */
export function skyOfWmoCode(code: number): Sky {
  if (code <= 1) return 'CLEAR';
  if (code === 2) return 'PARTLY_CLOUDY';
  if (code === 45 || code === 48) return 'FOG';
  if ([51, 53, 55, 56, 57, 61, 66, 80].includes(code)) return 'LIGHT_RAIN';
  if (code === 63 || code === 81) return 'MODERATE_RAIN';
  if ([65, 67, 82, 95, 96, 99].includes(code)) return 'HEAVY_RAIN';
  if ([71, 73, 75, 77, 85, 86].includes(code)) return 'LIGHT_SNOW';
  return 'CLOUDY';
}

/** Daily extraterrestrial radiation on a horizontal surface, MJ/m² (FAO-56 eq. 21). */
export function extraterrestrialMJ(latitudeDeg: number, doy: number): number {
  const phi = (latitudeDeg * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos((2 * Math.PI * doy) / 365);
  const delta = 0.409 * Math.sin((2 * Math.PI * doy) / 365 - 1.39);
  const ws = Math.acos(Math.min(1, Math.max(-1, -Math.tan(phi) * Math.tan(delta))));
  const ra =
    ((24 * 60) / Math.PI) *
    0.082 *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
  return Math.max(0, ra);
}

/** The language-free figures of a day, as cached. */
type DayFigures = Omit<WeatherInfo, 'skyCon' | 'speedAndDirection' | 'cityzh' | 'source' | 'fallbackFrom'> & {
  sky: Sky;
};

/** Open-Meteo's day → the figures of the contract (see the mapping above). */
export function mapOpenMeteoDay(body: OpenMeteoDaily, latitude: number): DayFigures {
  const d = body.daily;
  const date = d.time[0];
  const min = Math.round(d.temperature_2m_min[0]);
  const max = Math.round(d.temperature_2m_max[0]);
  const windSpeedMs = Math.round(d.wind_speed_10m_max[0] * 10) / 10;
  const direction = Math.round(d.wind_direction_10m_dominant[0]) % 360;
  const h0 = extraterrestrialMJ(latitude, dayOfYear(date));
  const clearness = h0 > 0.1 ? Math.min(1, d.shortwave_radiation_sum[0] / h0) : 0;
  return {
    date,
    sky: skyOfWmoCode(d.weather_code[0]),
    minTemperature: Math.min(min, max),
    maxTemperature: Math.max(min, max),
    windSpeedMs,
    windDirectionDeg: direction,
    windForce: beaufort(windSpeedMs),
    clearness: Math.round(clearness * 1000) / 1000,
  };
}

type Outcome = { ok: true; day: DayFigures } | { ok: false; reason: string };
type Entry = { at: number; outcome: Promise<Outcome>; settled: Outcome | null };

export class OpenMeteoWeatherProvider implements WeatherProvider {
  readonly name = 'open-meteo';
  private readonly offline = new OfflineSolarWeatherProvider();
  /** By station, local date and local hour: one request per station and hour. */
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly options: OpenMeteoOptions,
    private readonly log: WeatherLog,
  ) {}

  async forecast(station: WeatherStation, instant: Date, lang: Lang): Promise<WeatherInfo> {
    const now = instant.getTime();
    const p = localParts(now, station.timezone);
    const date = `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    const key = `${station.code}|${date}|${p.hour}`;
    let entry = this.cache.get(key);
    if (!entry || (entry.settled?.ok === false && now - entry.at >= FAILURE_RETRY_MS)) {
      this.prune(now);
      const fresh: Entry = { at: now, outcome: this.fetchDay(station, date), settled: null };
      fresh.outcome = fresh.outcome.then((o) => {
        fresh.settled = o;
        if (!o.ok) {
          this.log.warn(
            { provider: this.name, station: station.code, reason: o.reason },
            'weather API failed; the offline model answers',
          );
        }
        return o;
      });
      this.cache.set(key, fresh);
      entry = fresh;
    }
    const outcome = await entry.outcome;
    if (!outcome.ok) return this.offline.answer(station, instant, lang, this.name);
    const { sky, ...day } = outcome.day;
    const daytime = isDaytime(station, instant);
    const skyCon: SkyCondition =
      sky === 'CLEAR' || sky === 'PARTLY_CLOUDY' ? `${sky}_${daytime ? 'DAY' : 'NIGHT'}` : sky;
    return {
      ...day,
      skyCon,
      cityzh: cityOf(station),
      speedAndDirection: windText(day.windDirectionDeg, day.windForce, lang),
      source: this.name,
      fallbackFrom: null,
    };
  }

  /** Entries of earlier hours go once a new hour is asked for. */
  private prune(now: number): void {
    for (const [key, e] of this.cache) if (now - e.at > 2 * 3_600_000 || now < e.at) this.cache.delete(key);
  }

  private async fetchDay(station: WeatherStation, date: string): Promise<Outcome> {
    const url = new URL(this.options.url);
    const q = url.searchParams;
    q.set('latitude', String(station.latitude));
    q.set('longitude', String(station.longitude));
    q.set('timezone', station.timezone);
    q.set('start_date', date);
    q.set('end_date', date);
    q.set('wind_speed_unit', 'ms');
    q.set('daily', OPEN_METEO_DAILY.join(','));
    if (this.options.apiKey) q.set('apikey', this.options.apiKey);
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BODY_BYTES) {
        await res.body?.cancel();
        return this.failed(`answer of ${length} bytes`);
      }
      const text = await res.text();
      if (!res.ok) return this.failed(`HTTP ${res.status} ${text.slice(0, 200)}`);
      const parsed = openMeteoDaily.safeParse(JSON.parse(text));
      if (!parsed.success) return this.failed(`unexpected answer: ${parsed.error.issues[0]?.message ?? ''}`);
      if (parsed.data.daily.time[0] !== date)
        return this.failed(`answer for ${parsed.data.daily.time[0]}, not ${date}`);
      return { ok: true, day: mapOpenMeteoDay(parsed.data, station.latitude) };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
      return this.failed(
        e.name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : `${e.message}${cause}`,
      );
    }
  }

  /** A failure with its reason, the key blanked out should the service or the network echo it. */
  private failed(reason: string): Outcome {
    const key = this.options.apiKey;
    if (!key) return { ok: false, reason };
    return { ok: false, reason: reason.replaceAll(key, '***').replaceAll(encodeURIComponent(key), '***') };
  }
}
