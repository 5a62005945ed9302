import {
  addDays,
  type LoadBacktest,
  type LoadForecast,
  localDateOf,
  periodAt,
  ResultCode,
  type StrategyBudget,
  type StrategyDailyPlan,
  type StrategySettings,
  weekdayOf,
  zonedInstant,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stationTouTemplates } from '../../../db/rate-schema';
import { stations } from '../../../db/schema';
import { ts15m } from '../../../db/telemetry-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { findTotalsDevice } from '../../monitoring/monitoring/station-totals';
import { OfflineSolarWeatherProvider } from '../../stations/weather/offline-weather.provider';
import { type DayLoad, forecastDay, mapeFloor, mapePct, mapeSum } from './load-forecast';
import { providerWeather } from './load-forecast.service';
import { highsThread } from './schedule/highs-solver';
import { SolverBusyError, SolverTimeoutError } from './schedule/highs-thread';

const STATION = 'JS-NJ01';
const OTHER_ORG_STATION = 'GD-SZ01';
const HISTORY = 42;
const SLOPE = 1.5;

let ctx: TestContext;
let admin: string;
let operator: string;
let manager: string;
let maintainer: string;
let sid: (code: string) => number;
let tz: string;
let limitKw: number;
let today: string;
/** What was written: load and PV by local date. */
const load = new Map<string, DayLoad>();
const temps = new Map<string, number>();

const post = (url: string, body: object, token = admin, lang = 'en_US') =>
  call(ctx.app, token, 'POST', url, body, lang);
const data = async <T>(url: string, body: object, token = admin): Promise<T> => {
  const res = await post(url, body, token);
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json().data as T;
};

/** A commercial load whose daytime hump depends on the weekday, plus a temperature term. */
const loadOf = (date: string, s: number): number => {
  const w = weekdayOf(date);
  return 300 + 20 * w + (s >= 32 && s < 76 ? 500 + 30 * w : 0) + SLOPE * (temps.get(date) ?? 0);
};
const pvOf = (s: number): number => Math.max(0, 200 * Math.sin(((s - 24) / 48) * Math.PI));

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', WEATHER_PROVIDER: 'offline' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  manager = await login(ctx.app, 'manager');
  maintainer = await login(ctx.app, 'maintainer');
  sid = await stationIdLookup(ctx.database.db);
  const db = ctx.database.db;
  const [station] = await db
    .select()
    .from(stations)
    .where(eq(stations.id, sid(STATION)));
  if (!station) throw new Error('no station');
  tz = station.timezone;
  today = localDateOf(Date.now(), tz);
  const weather = providerWeather(new OfflineSolarWeatherProvider());
  for (let i = -HISTORY - 40; i <= 1; i++) {
    const date = addDays(today, i);
    temps.set(date, (await weather(station, date))?.meanC ?? 0);
  }
  const totals = await findTotalsDevice(db, station.id);
  const loadId = totals?.pointIds.loadPower;
  const pvId = totals?.pointIds.pvPower;
  if (loadId === undefined || pvId === undefined) throw new Error('no totals device');
  const rows: (typeof ts15m.$inferInsert)[] = [];
  const quarter = (pointId: number, t: number, v: number) =>
    rows.push({
      pointId,
      bucket: new Date(t),
      min: v,
      max: v,
      sum: 2 * v,
      count: 2,
      first: v,
      firstTs: new Date(t + 10_000),
      last: v,
      lastTs: new Date(t + 890_000),
    });
  for (let i = 1; i <= HISTORY; i++) {
    const date = addDays(today, -i);
    // Yesterday ran 10 % above its pattern: the backtest must show it.
    const scale = i === 1 ? 1.1 : 1;
    const day = Array.from({ length: 96 }, (_, s) => scale * loadOf(date, s));
    load.set(date, day);
    day.forEach((v, s) => {
      const t = zonedInstant(date, s * 15, tz);
      quarter(loadId, t, v);
      quarter(pvId, t, pvOf(s));
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(ts15m).values(rows.slice(i, i + 1000));
});
afterAll(async () => {
  await ctx?.close();
});

describe('load forecast', () => {
  it('forecasts tomorrow as the method gives on the written history', async () => {
    const tomorrow = addDays(today, 1);
    const f = await data<LoadForecast>('/api/strategy/load-forecast', { stationId: sid(STATION) });
    expect(f.date).toBe(tomorrow);
    expect(f.actualKw).toBeNull();
    const expected = forecastDay(load, temps, tomorrow);
    expect(f.basis).toEqual(expected.basis);
    expect(f.temperatureCoefKw).toBeCloseTo(expected.temperatureCoefKw, 9);
    f.stepsKw.forEach((v, s) => {
      expect(v).toBeCloseTo(expected.stepsKw[s] ?? Number.NaN, 6);
    });
    expect(f.temperatureC).toBeCloseTo(temps.get(tomorrow) ?? Number.NaN, 9);
  });

  it('forecasts a past day from the days before it only, exactly for a repeating load, with its actuals', async () => {
    const date = addDays(today, -2);
    const f = await data<LoadForecast>('/api/strategy/load-forecast', { stationId: sid(STATION), date });
    // The weekday pattern plus the fitted temperature slope reproduce the generated load.
    expect(f.temperatureCoefKw).toBeCloseTo(SLOPE, 6);
    f.stepsKw.forEach((v, s) => {
      expect(v).toBeCloseTo(loadOf(date, s), 6);
    });
    f.actualKw?.forEach((v, s) => {
      expect(v).toBeCloseTo(load.get(date)?.[s] ?? Number.NaN, 9);
    });
  });

  it('backtests the last days: 0 % on the repeating days, 1/11 on the day 10 % above its pattern', async () => {
    const b = await data<LoadBacktest>('/api/strategy/load-forecast/backtest', { stationId: sid(STATION), days: 7 });
    expect(b.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 7)));
    const dates = b.days.map((d) => d.date);
    const floor = mapeFloor(dates.map((d) => load.get(d) ?? []));
    expect(b.floorKw).toBeCloseTo(floor, 9);
    for (const d of b.days.slice(0, 6)) {
      expect(d.steps).toBe(96);
      expect(d.mape).toBeCloseTo(0, 6);
    }
    expect(b.days[6]?.mape).toBeCloseTo(100 / 11, 6);
    const pooled = mapePct(
      dates
        .map((d) => mapeSum(forecastDay(load, temps, d).stepsKw, load.get(d) ?? [], floor))
        .reduce((a, m) => ({ sum: a.sum + m.sum, steps: a.steps + m.steps }), { sum: 0, steps: 0 }),
    );
    expect(b.mape).toBeCloseTo(pooled ?? Number.NaN, 9);
    expect(b.mape).toBeCloseTo(100 / 11 / 7, 6);
  });

  it('refuses a backtest beyond 60 days', async () => {
    const res = await post('/api/strategy/load-forecast/backtest', { stationId: sid(STATION), days: 61 });
    expect(res.statusCode).toBe(400);
  });
});

describe('settings and daily plan', () => {
  it('answers defaults, then what was saved, with the station rated power and capacity', async () => {
    const before = await data<StrategySettings>('/api/strategy/settings', { stationId: sid(STATION) });
    expect(before).toMatchObject({ saved: false, ratedPowerKw: 1000, capacityKwh: 2150, etaCharge: 0.95 });
    // A limit 50 kW under tomorrow's peak load: the battery must shave, and can.
    const f = await data<LoadForecast>('/api/strategy/load-forecast', { stationId: sid(STATION) });
    limitKw = Math.round(Math.max(...f.stepsKw.map((v) => v ?? 0)) - 50);
    const saved = {
      stationId: sid(STATION),
      demandLimitKw: limitKw,
      antiBackflow: true,
      socMin: 20,
      socMax: 90,
      socEndTarget: 20,
      degradationCostPerKwh: 0.01,
      etaCharge: 0.95,
      etaDischarge: 0.95,
      enabled: true,
    };
    expect((await post('/api/strategy/settings/save', saved, operator)).json()).toMatchObject({ code: 200 });
    const after = await data<StrategySettings>('/api/strategy/settings', { stationId: sid(STATION) });
    expect(after).toEqual({ ...saved, saved: true, ratedPowerKw: 1000, capacityKwh: 2150 });
    const bad = await post('/api/strategy/settings/save', { ...saved, socMin: 95 }, operator);
    expect(bad.statusCode).toBe(400);
  });

  it('plans within the SOC reserve, the demand limit and anti-backflow, on the TOU template in force', async () => {
    const p = await data<StrategyDailyPlan>('/api/strategy/daily-plan', { stationId: sid(STATION) });
    const { plan } = p;
    expect(plan.powerKw).toHaveLength(96);
    expect(plan.soc).toHaveLength(97);
    expect(plan.soc[0]).toBeCloseTo(20, 6);
    expect(plan.soc.at(-1) ?? 0).toBeGreaterThanOrEqual(20 - 1e-6);
    for (const soc of plan.soc) {
      expect(soc).toBeGreaterThanOrEqual(20 - 1e-6);
      expect(soc).toBeLessThanOrEqual(90 + 1e-6);
    }
    plan.powerKw.forEach((kw, s) => {
      expect(Math.abs(kw)).toBeLessThanOrEqual(1000 + 1e-6);
      const grid = plan.gridKw[s] ?? 0;
      expect(grid).toBeCloseTo((p.loadKw[s] ?? 0) - (p.pvKw[s] ?? 0) - kw, 6);
      // The rule shaves what its SOC allows and reports the rest.
      expect(grid).toBeLessThanOrEqual(limitKw + plan.demandViolationKw + 1e-6);
      // Anti-backflow: the battery never pushes power into the grid.
      if (kw > 0) expect(grid).toBeGreaterThanOrEqual(-1e-6);
    });
    expect(plan.demandViolationKw).toBeCloseTo(Math.max(0, Math.max(...plan.gridKw) - limitKw), 6);
    expect(plan.chargedKwh).toBeGreaterThan(0);
    // Prices are the template's, period by period.
    const detail = (await call(ctx.app, admin, 'GET', `/api/business/rate/${p.templateId}`)).json().data;
    p.prices.forEach((price, s) => {
      expect(price).toBe(detail.prices[periodAt(detail.segments, s * 15)]);
    });
    // Segments cover the day and carry the step powers.
    expect(plan.segments[0]?.start).toBe('00:00');
    expect(plan.segments.at(-1)?.end).toBe('24:00');
    for (const seg of plan.segments) {
      expect(seg).toMatchObject({ socMin: 20, socMax: 90 });
      const [h = 0, m = 0] = seg.start.split(':').map(Number);
      expect(plan.powerKw[(h * 60 + m) / 15]).toBeCloseTo(seg.powerKw, 1);
    }
  });

  it('answers a localized warning when the station has no TOU template', async () => {
    // A station never given a template (assignments are only replaced through the API, not removed).
    await ctx.database.db.delete(stationTouTemplates).where(eq(stationTouTemplates.stationId, sid('JS-SZ01')));
    const plan = await post('/api/strategy/daily-plan', { stationId: sid('JS-SZ01') }, admin, 'en_US');
    expect(plan.json()).toMatchObject({ code: 409, msg: expect.stringContaining('no rate template') });
    const zh = await post('/api/strategy/budget', { stationId: sid('JS-SZ01') }, admin, 'zh_CN');
    expect(zh.json()).toMatchObject({ code: 409, msg: expect.stringContaining('电价模板') });
  });

  it('answers a warning when a station has no load history', async () => {
    const res = await post('/api/strategy/daily-plan', { stationId: sid(OTHER_ORG_STATION) });
    expect(res.json()).toMatchObject({ code: 409, msg: 'The station has no load history to forecast from' });
  });
});

describe('budget', () => {
  const settings = (demandLimitKw: number | null) => ({
    stationId: sid(STATION),
    demandLimitKw,
    antiBackflow: true,
    socMin: 20,
    socMax: 90,
    socEndTarget: 20,
    degradationCostPerKwh: 0.01,
    etaCharge: 0.95,
    etaDischarge: 0.95,
    enabled: true,
  });

  it('earns at least the rule-based revenue on the same forecast and sums the month', async () => {
    await data('/api/strategy/settings/save', settings(null), operator);
    const b = await data<StrategyBudget>('/api/strategy/budget', { stationId: sid(STATION) }, manager);
    const plan = await data<StrategyDailyPlan>('/api/strategy/daily-plan', { stationId: sid(STATION) });
    expect(b.rule.revenue).toBeCloseTo(plan.plan.revenue, 6);
    expect(b.optimal.revenue).toBeGreaterThanOrEqual(b.rule.revenue - 1e-6);
    expect(b.upliftPct).not.toBeNull();
    expect(b.upliftPct).toBeCloseTo(((b.optimal.revenue - b.rule.revenue) / Math.abs(b.rule.revenue)) * 100, 6);
    for (const soc of b.optimal.soc) {
      expect(soc).toBeGreaterThanOrEqual(20 - 1e-6);
      expect(soc).toBeLessThanOrEqual(90 + 1e-6);
    }
    expect(b.optimal.soc.at(-1) ?? 0).toBeGreaterThanOrEqual(20 - 1e-6);
    expect(b.month).toBe(b.date.slice(0, 7));
    // The seeded station has one open-ended template: the month is the day times its days.
    expect(b.monthDaysWithoutTariff).toBe(0);
    expect(b.monthRevenue).toBeCloseTo(b.optimal.revenue * b.monthDays, 4);
    expect(b.optimal.segments[0]?.start).toBe('00:00');
    expect(b.optimal.segments.at(-1)?.end).toBe('24:00');
  });

  it('keeps grid import under a demand limit the battery can hold', async () => {
    await data('/api/strategy/settings/save', settings(limitKw), operator);
    const b = await data<StrategyBudget>('/api/strategy/budget', { stationId: sid(STATION) }, operator);
    expect(b.optimal.demandViolationKw).toBeCloseTo(0, 6);
    for (const grid of b.optimal.gridKw) expect(grid).toBeLessThanOrEqual(limitKw + 1e-6);
    expect(b.optimal.demandViolationKw).toBeLessThanOrEqual(b.rule.demandViolationKw + 1e-6);
  });
});

describe('compute failure', () => {
  it('answers "compute failed" in the request language when the schedule cannot be built', async () => {
    const db = ctx.database.db;
    // A station whose capacity was never filled in cannot be scheduled.
    await db
      .update(stations)
      .set({ capacityKwh: 0 })
      .where(eq(stations.id, sid(STATION)));
    try {
      const zh = await post('/api/strategy/budget', { stationId: sid(STATION) }, admin, 'zh_CN');
      expect(zh.statusCode).toBe(500);
      expect(zh.json()).toMatchObject({ code: 500, msg: '计算失败', data: null });
      const en = await post('/api/strategy/daily-plan', { stationId: sid(STATION) }, admin, 'en_US');
      expect(en.json()).toMatchObject({ code: 500, msg: 'Computation failed' });
    } finally {
      await db
        .update(stations)
        .set({ capacityKwh: 2150 })
        .where(eq(stations.id, sid(STATION)));
    }
  });
});

describe('optimiser stopped or busy', () => {
  // The thread's own deadline and queue are proven in highs-thread.test.ts; here, what a user reads.
  it('answers 503 with the time limit when the optimiser was stopped, in the request language', async () => {
    const solve = vi.spyOn(highsThread, 'solve').mockRejectedValueOnce(new SolverTimeoutError(10));
    try {
      const res = await post('/api/strategy/budget', { stationId: sid(STATION) }, admin, 'en_US');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: ResultCode.STRATEGY_SOLVE_TIMEOUT,
        msg: 'The optimiser did not finish within 10 s; try again later. The rule-based plan is not affected',
        data: null,
      });
    } finally {
      solve.mockRestore();
    }
  });

  it('answers 503 with Retry-After when too many solves wait', async () => {
    const solve = vi.spyOn(highsThread, 'solve').mockRejectedValueOnce(new SolverBusyError(7));
    try {
      const res = await post('/api/strategy/budget', { stationId: sid(STATION) }, admin, 'zh_CN');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('7');
      expect(res.json()).toMatchObject({ code: ResultCode.STRATEGY_SOLVER_BUSY, msg: '优化计算繁忙，请在7秒后重试' });
    } finally {
      solve.mockRestore();
    }
  });
});

describe('access', () => {
  it('answers 404 for a station outside the caller scope', async () => {
    for (const url of ['/api/strategy/settings', '/api/strategy/load-forecast', '/api/strategy/daily-plan']) {
      const res = await post(url, { stationId: sid(OTHER_ORG_STATION) }, operator);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('refuses saving to a read-only account and the budget to a role without its button', async () => {
    const body = { stationId: sid(STATION), demandLimitKw: null, antiBackflow: false, socMin: 5, socMax: 95 };
    const settings = {
      ...body,
      socEndTarget: 5,
      degradationCostPerKwh: 0,
      etaCharge: 1,
      etaDischarge: 1,
      enabled: true,
    };
    expect((await post('/api/strategy/settings/save', settings, manager)).statusCode).toBe(403);
    expect((await post('/api/strategy/budget', { stationId: sid('GD-SZ01') }, maintainer)).statusCode).toBe(403);
  });
});
