import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { weatherInfo } from '@ess/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env';
import { OfflineSolarWeatherProvider } from './offline-weather.provider';
import {
  extraterrestrialMJ,
  FAILURE_RETRY_MS,
  OPEN_METEO_DAILY,
  OpenMeteoWeatherProvider,
  skyOfWmoCode,
} from './open-meteo.provider';
import { createWeatherProvider, type WeatherLog, type WeatherStation } from './weather-provider';

const KEY = 's3cret-Key/+=';
const SUZHOU: WeatherStation = {
  code: 'JS-SZ01',
  city: '苏州市',
  provinceCode: '32',
  latitude: 31.3165,
  longitude: 120.7206,
  timezone: 'Asia/Shanghai',
};
const MADRID: WeatherStation = {
  code: 'ES-MAD01',
  city: null,
  provinceCode: '11',
  latitude: 40.4168,
  longitude: -3.7038,
  timezone: 'Europe/Madrid',
};
/** 12:10 in Shanghai on 15 July 2025. */
const NOON = new Date('2025-07-15T04:10:00Z');

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;
let server: Server;
let base = '';
let handler: Handler;
let requests: URL[] = [];

const daily = (date: string, over: Record<string, unknown> = {}) => ({
  latitude: 31.3,
  longitude: 120.7,
  timezone: 'Asia/Shanghai',
  utc_offset_seconds: 28_800,
  daily_units: { time: 'iso8601', shortwave_radiation_sum: 'MJ/m²', wind_speed_10m_max: 'm/s' },
  daily: {
    time: [date],
    weather_code: [2],
    temperature_2m_max: [33.6],
    temperature_2m_min: [26.4],
    wind_speed_10m_max: [5.36],
    wind_direction_10m_dominant: [135.4],
    shortwave_radiation_sum: [24.5],
    ...over,
  },
});
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** Answers the day that was asked for. */
const answerDay: Handler = (_req, res, url) => json(res, 200, daily(url.searchParams.get('start_date') ?? ''));

function logger() {
  const lines: unknown[][] = [];
  const log: WeatherLog = {
    warn: (...args: unknown[]) => {
      lines.push(args);
    },
  };
  return { log, lines };
}

const provider = (log: WeatherLog, over: Partial<{ url: string; timeoutMs: number; apiKey: string }> = {}) =>
  new OpenMeteoWeatherProvider({ url: `${base}/v1/forecast`, apiKey: KEY, timeoutMs: 2000, ...over }, log);

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(url);
    handler(req, res, url);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  requests = [];
  handler = answerDay;
});

describe('Open-Meteo weather provider', () => {
  it('asks for the station day in its own zone and maps the fields', async () => {
    const { log, lines } = logger();
    const w = await provider(log).forecast(SUZHOU, NOON, 'en_US');
    expect(requests).toHaveLength(1);
    const q = requests[0]?.searchParams;
    expect(requests[0]?.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(q ?? [])).toEqual({
      latitude: '31.3165',
      longitude: '120.7206',
      timezone: 'Asia/Shanghai',
      start_date: '2025-07-15',
      end_date: '2025-07-15',
      wind_speed_unit: 'ms',
      daily: OPEN_METEO_DAILY.join(','),
      apikey: KEY,
    });
    expect(weatherInfo.parse(w)).toEqual(w);
    expect(w).toEqual({
      skyCon: 'PARTLY_CLOUDY_DAY',
      minTemperature: 26,
      maxTemperature: 34,
      cityzh: '苏州市',
      speedAndDirection: 'SE wind, force 3',
      windDirectionDeg: 135,
      windSpeedMs: 5.4,
      windForce: 3,
      clearness: Math.round((24.5 / extraterrestrialMJ(31.3165, 196)) * 1000) / 1000,
      date: '2025-07-15',
      source: 'open-meteo',
      fallbackFrom: null,
    });
    expect(w.clearness).toBeGreaterThan(0.5);
    expect(w.clearness).toBeLessThan(0.7);
    expect(lines).toEqual([]);
  });

  it('words the wind in each language and shows the night form after sunset', async () => {
    const { log } = logger();
    const p = provider(log);
    expect((await p.forecast(SUZHOU, NOON, 'zh_CN')).speedAndDirection).toBe('东南风 3级');
    // 22:10 in Shanghai, same local day: a new hour, so a new request.
    const night = await p.forecast(SUZHOU, new Date('2025-07-15T14:10:00Z'), 'ja_JP');
    expect(night).toMatchObject({ skyCon: 'PARTLY_CLOUDY_NIGHT', speedAndDirection: '南東の風 3級' });
    expect(requests).toHaveLength(2);
  });

  it('maps WMO weather codes and the clearness index', () => {
    expect([0, 1, 2, 3, 45, 48, 51, 61, 63, 65, 71, 80, 81, 82, 95, 99, 42].map(skyOfWmoCode)).toEqual([
      'CLEAR',
      'CLEAR',
      'PARTLY_CLOUDY',
      'CLOUDY',
      'FOG',
      'FOG',
      'LIGHT_RAIN',
      'LIGHT_RAIN',
      'MODERATE_RAIN',
      'HEAVY_RAIN',
      'LIGHT_SNOW',
      'LIGHT_RAIN',
      'MODERATE_RAIN',
      'HEAVY_RAIN',
      'HEAVY_RAIN',
      'HEAVY_RAIN',
      'CLOUDY',
    ]);
    // FAO-56 example 8: 20°S on 3 September (day 246) receives 32.2 MJ/m² at the top of the atmosphere.
    expect(extraterrestrialMJ(-20, 246)).toBeCloseTo(32.2, 1);
    expect(extraterrestrialMJ(80, 355)).toBe(0);
  });

  it('asks once per station and local hour, also for requests at the same time', async () => {
    const { log } = logger();
    const p = provider(log);
    const at = (iso: string) => new Date(iso);
    await Promise.all([
      p.forecast(SUZHOU, NOON, 'zh_CN'),
      p.forecast(SUZHOU, NOON, 'en_US'),
      p.forecast(SUZHOU, at('2025-07-15T04:59:59Z'), 'es_ES'),
    ]);
    expect(requests).toHaveLength(1);
    await p.forecast(SUZHOU, at('2025-07-15T05:00:00Z'), 'zh_CN');
    expect(requests).toHaveLength(2);
    await p.forecast(MADRID, NOON, 'zh_CN');
    expect(requests).toHaveLength(3);
    expect(requests[2]?.searchParams.get('timezone')).toBe('Europe/Madrid');
    expect(requests[2]?.searchParams.get('start_date')).toBe('2025-07-15');
    // 23:30 UTC is already the next day in Madrid (UTC+2).
    await p.forecast(MADRID, at('2025-07-15T22:30:00Z'), 'zh_CN');
    expect(requests[3]?.searchParams.get('start_date')).toBe('2025-07-16');
    await p.forecast(MADRID, at('2025-07-15T22:40:00Z'), 'zh_CN');
    expect(requests).toHaveLength(4);
  });

  it('falls back to the offline model on a timeout and says so', async () => {
    handler = (_req, res, url) => {
      setTimeout(() => answerDay(_req, res, url), 1500).unref();
    };
    const { log, lines } = logger();
    const started = Date.now();
    const w = await provider(log, { timeoutMs: 150 }).forecast(SUZHOU, NOON, 'en_US');
    expect(Date.now() - started).toBeLessThan(1000);
    const offline = await new OfflineSolarWeatherProvider().forecast(SUZHOU, NOON, 'en_US');
    expect(w).toEqual({ ...offline, fallbackFrom: 'open-meteo' });
    expect(w.source).toBe('offline-solar-model');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.[0]).toMatchObject({
      provider: 'open-meteo',
      station: 'JS-SZ01',
      reason: 'no answer within 150 ms',
    });
  });

  it('falls back on errors, bad answers and a refused connection, never logging the key', async () => {
    const failures: Handler[] = [
      (_req, res, url) => json(res, 400, { error: true, reason: `Invalid key ${url.searchParams.get('apikey')}` }),
      (_req, res) => json(res, 500, { error: true, reason: 'internal' }),
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"daily": ${KEY}`);
      },
      (_req, res, url) => json(res, 200, daily(url.searchParams.get('start_date') ?? '', { weather_code: [null] })),
      (_req, res) => json(res, 200, daily('2025-07-14')),
      (_req, res) => json(res, 200, { daily: {} }),
    ];
    for (const [i, failure] of failures.entries()) {
      handler = failure;
      const { log, lines } = logger();
      const w = await provider(log).forecast(SUZHOU, NOON, 'en_US');
      expect(w, `failure ${i}`).toMatchObject({ source: 'offline-solar-model', fallbackFrom: 'open-meteo' });
      expect(lines, `failure ${i}`).toHaveLength(1);
      const logged = JSON.stringify(lines);
      expect(logged).not.toContain(KEY);
      expect(logged).not.toContain(encodeURIComponent(KEY));
    }
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const { log, lines } = logger();
    const w = await provider(log, { url: `http://127.0.0.1:${port}/v1/forecast` }).forecast(SUZHOU, NOON, 'en_US');
    expect(w.fallbackFrom).toBe('open-meteo');
    expect(JSON.stringify(lines)).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(lines)).not.toContain(KEY);
  });

  it('retries a failed service after a minute, not on every call', async () => {
    handler = (_req, res) => json(res, 503, { error: true, reason: 'busy' });
    const { log, lines } = logger();
    const p = provider(log);
    const t0 = NOON.getTime();
    await p.forecast(SUZHOU, new Date(t0), 'en_US');
    await p.forecast(SUZHOU, new Date(t0 + FAILURE_RETRY_MS - 1), 'en_US');
    expect(requests).toHaveLength(1);
    expect(lines).toHaveLength(1);
    handler = answerDay;
    const w = await p.forecast(SUZHOU, new Date(t0 + FAILURE_RETRY_MS), 'en_US');
    expect(requests).toHaveLength(2);
    expect(w).toMatchObject({ source: 'open-meteo', fallbackFrom: null });
  });
});

describe('choosing the provider', () => {
  it('is the offline model by default and Open-Meteo when configured', () => {
    const { log } = logger();
    expect(createWeatherProvider(loadEnv({}), log).name).toBe('offline-solar-model');
    const env = loadEnv({ WEATHER_PROVIDER: 'open-meteo', WEATHER_API_KEY: KEY });
    expect(env).toMatchObject({ WEATHER_URL: 'https://api.open-meteo.com/v1/forecast', WEATHER_TIMEOUT_MS: 5000 });
    expect(createWeatherProvider(env, log).name).toBe('open-meteo');
    expect(() => loadEnv({ WEATHER_PROVIDER: 'qweather' })).toThrow(/WEATHER_PROVIDER/);
    expect(() => loadEnv({ WEATHER_URL: 'ftp://x' })).toThrow(/WEATHER_URL/);
  });
});
