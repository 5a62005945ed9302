import { localDateOf, ResultCode, type WeatherInfo, weatherInfo } from '@ess/contract';
import { dailyWeather } from '@ess/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations, users } from '../../../db/schema';
import type { SessionUser } from '../../../lib/types';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { OfflineSolarWeatherProvider } from './offline-weather.provider';
import { WeatherService } from './weather.service';

const URL = '/api/media/weather/stationWeatherInfo';
let ctx: TestContext;
let operator: string;
let manager: string;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await login(ctx.app, 'operator');
  manager = await login(ctx.app, 'manager');
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const weatherOf = async (token: string, stationId: unknown, lang = 'zh_CN'): Promise<WeatherInfo | null> => {
  const res = await call(ctx.app, token, 'POST', URL, { stationId } as object, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('POST /api/media/weather/stationWeatherInfo', () => {
  it("gives today's offline-model weather at the station", async () => {
    const w = await weatherOf(operator, sid('JS-SZ01'));
    expect(weatherInfo.parse(w)).toEqual(w);
    expect(w).toMatchObject({
      cityzh: '苏州市',
      source: 'offline-solar-model',
      fallbackFrom: null,
      date: localDateOf(Date.now(), 'Asia/Shanghai'),
    });
    if (!w) throw new Error('no weather');
    expect(w.minTemperature).toBeLessThanOrEqual(w.maxTemperature);
    const model = dailyWeather({ code: 'JS-SZ01', latitude: 31.3165, longitude: 120.7206 }, new Date());
    expect([w.clearness, w.minTemperature, w.maxTemperature, w.windForce]).toEqual([
      model.clearness,
      model.minTemperature,
      model.maxTemperature,
      model.windForce,
    ]);
    expect(w.speedAndDirection).toMatch(/^(静风|(北|东北|东|东南|南|西南|西|西北)风 \d{1,2}级)$/);
  });

  it('words the wind in the request language and keeps the figures', async () => {
    const id = sid('JS-NJ01');
    const zh = await weatherOf(operator, id);
    const en = await weatherOf(operator, id, 'en_US');
    const es = await weatherOf(operator, String(id), 'es_ES');
    const ja = await weatherOf(operator, id, 'ja_JP');
    expect(en?.speedAndDirection).toMatch(/^(Calm|(N|NE|E|SE|S|SW|W|NW) wind, force \d{1,2})$/);
    expect(es?.speedAndDirection).toMatch(/^(Calma|Viento del (N|NE|E|SE|S|SO|O|NO), fuerza \d{1,2})$/);
    expect(ja?.speedAndDirection).toMatch(/^(静穏|(北|北東|東|南東|南|南西|西|北西)の風 \d{1,2}級)$/);
    for (const other of [en, es, ja]) {
      expect({ ...other, speedAndDirection: '' }).toEqual({ ...zh, speedAndDirection: '' });
    }
    expect(zh?.cityzh).toBe('南京市');
  });

  it('answers null for a station that shows no weather', async () => {
    expect(await weatherOf(manager, sid('GD-DG01'))).toBeNull();
  });

  it('enforces the station scope: another province is a 404 like a missing station', async () => {
    for (const stationId of [sid('GD-SZ01'), 999_999]) {
      const res = await call(ctx.app, operator, 'POST', URL, { stationId }, 'en_US');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: ResultCode.NOT_FOUND,
        msg: 'Station does not exist or is not accessible',
        data: null,
      });
    }
    expect(await weatherOf(manager, sid('GD-SZ01'))).toMatchObject({ cityzh: '深圳市' });
  });

  it('refuses malformed bodies with a localized 400 envelope and needs a session', async () => {
    for (const body of [{ stationId: 'abc' }, {}, { stationId: null }, { stationId: false }, { stationId: 0 }]) {
      const res = await call(ctx.app, operator, 'POST', URL, body, 'ja_JP');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toMatch(/^リクエストが不正です：/);
    }
    const none = await call(ctx.app, operator, 'POST', URL, undefined, 'en_US');
    expect(none.statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: '{"stationId":}',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json', lang: 'en_US' },
    });
    expect(broken.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON', data: null });
    const anonymous = await call(ctx.app, null, 'POST', URL, { stationId: sid('JS-SZ01') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('WeatherService', () => {
  it('asks the provider for the station at the clock time, and falls back to the province for the city', async () => {
    const db = ctx.database.db;
    await db.update(stations).set({ city: null }).where(eq(stations.code, 'ZJ-HZ01'));
    const [row] = await db.select().from(users).where(eq(users.username, 'manager'));
    if (!row) throw new Error('manager missing');
    const user: SessionUser = {
      userId: row.id,
      username: row.username,
      deptId: row.deptId,
      roles: ['manager'],
      perms: new Set(),
      isAdmin: false,
      readOnly: true,
      groupWide: true,
      demo: false,
      sessionKind: 'pc',
      sessionId: 0,
      stationCodes: null,
    };
    const noon = new Date('2025-07-15T04:00:00Z');
    const service = new WeatherService(db, new OfflineSolarWeatherProvider(), () => noon);
    const w = await service.stationWeather(user, sid('ZJ-HZ01'), 'en_US');
    expect(w).toMatchObject({ date: '2025-07-15', cityzh: '浙江省' });
    expect(await service.stationWeather(user, sid('ZJ-HZ01'), 'en_US')).toEqual(w);
    expect(w?.skyCon).not.toMatch(/_NIGHT$/);
  });

  it("uses the station's own time zone for the local day", async () => {
    const db = ctx.database.db;
    const [row] = await db.select().from(users).where(eq(users.username, 'admin'));
    if (!row) throw new Error('admin missing');
    const admin: SessionUser = {
      userId: row.id,
      username: row.username,
      deptId: row.deptId,
      roles: ['admin'],
      perms: new Set(),
      isAdmin: true,
      readOnly: false,
      groupWide: true,
      demo: false,
      sessionKind: 'pc',
      sessionId: 0,
      stationCodes: null,
    };
    // 23:30 UTC on 14 July: the 15th in Shanghai (UTC+8), still the 14th in New York (UTC−4).
    const late = new Date('2025-07-14T23:30:00Z');
    const service = new WeatherService(db, new OfflineSolarWeatherProvider(), () => late);
    const id = sid('JS-NJ01');
    expect((await service.stationWeather(admin, id, 'en_US'))?.date).toBe('2025-07-15');
    await db.update(stations).set({ timezone: 'America/New_York' }).where(eq(stations.id, id));
    try {
      const w = await service.stationWeather(admin, id, 'en_US');
      expect(w?.date).toBe('2025-07-14');
      const [station] = await db.select().from(stations).where(eq(stations.id, id));
      if (!station) throw new Error('station missing');
      expect(w?.clearness).toBe(dailyWeather(station, late, 'America/New_York').clearness);
      expect(w?.clearness).not.toBe(dailyWeather(station, late, 'Asia/Shanghai').clearness);
    } finally {
      await db.update(stations).set({ timezone: 'Asia/Shanghai' }).where(eq(stations.id, id));
    }
  });
});
