import { type CurveSeries, MAX_CURVE_BUCKETS } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../../test/harness';
import { tstz } from '../device/query-rows';
import { type Role, signInAll } from '../device/sessions.kit';
import { DAY_MS, HOUR_MS, QUARTER_MS } from './curve-plan';
import { rebuildDaysFromQuarters } from './rollups-from-raw.kit';
import { deviceIdOf, pointIdOf, type Sample, writeSamples } from './telemetry-fixtures.kit';

const URL = '/api/business/point/pointCurve';
/** 2024-01-10 00:00 UTC = 08:00 in Shanghai. */
const T0 = Date.UTC(2024, 0, 10);

let ctx: TestContext;
let tokens: Record<Role, string>;
let rawDevice: number;
let rollDevice: number;
let rawSamples: Map<number, Sample[]>;
let ids: { p: number; counter: number; run: number };

const pOf = (t: number) => Math.round(500 * Math.sin(t / 3_600_000) * 10) / 10;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  const db = ctx.database.db;
  rawDevice = await deviceIdOf(db, 'GD-GZ01-CAB-01');
  rollDevice = await deviceIdOf(db, 'GD-SZ01-CAB-02');
  ids = {
    p: await pointIdOf(db, 'GD-GZ01-CAB-01', 'p'),
    counter: await pointIdOf(db, 'GD-GZ01-CAB-01', 'chargeEnergy'),
    run: await pointIdOf(db, 'GD-GZ01-CAB-01', 'runState'),
  };
  // A day of samples every 10 s (the state every 10 minutes) on one cabinet.
  const samples: Sample[] = [];
  for (let t = T0; t <= T0 + DAY_MS; t += 10_000) {
    samples.push({ pointId: ids.p, ts: t, value: pOf(t) });
    samples.push({ pointId: ids.counter, ts: t, value: 1000 + (t - T0) / 10_000 / 10 });
    if ((t - T0) % 600_000 === 0) samples.push({ pointId: ids.run, ts: t, value: ((t - T0) / 600_000) % 3 });
  }
  await writeSamples(db, samples);
  rawSamples = new Map();
  for (const s of samples) {
    const list = rawSamples.get(s.pointId) ?? [];
    list.push(s);
    rawSamples.set(s.pointId, list);
  }

  // Five years of 15-minute roll-ups on another cabinet: p follows the quarter of the day, the counter grows.
  const p = await pointIdOf(db, 'GD-SZ01-CAB-02', 'p');
  const counter = await pointIdOf(db, 'GD-SZ01-CAB-02', 'chargeEnergy');
  const from = T0 - 5 * 366 * DAY_MS;
  await db.execute(sql`
    insert into ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
    select ${p}::int, b, q - 1, q + 2, q * 3, 3, q, b, q + 1, b + interval '10 minutes'
    from generate_series(${tstz(from)}, ${tstz(T0)}, interval '15 minutes') b,
         lateral (select (extract(epoch from b)::bigint / 900 % 96)::float8 as q) x
    union all
    select ${counter}::int, b, n, n + 1, 3 * n + 1, 3, n, b, n + 1, b + interval '10 minutes'
    from generate_series(${tstz(from)}, ${tstz(T0)}, interval '15 minutes') b,
         lateral (select (extract(epoch from b)::bigint / 900)::float8 as n) x`);
  await rebuildDaysFromQuarters(db, [p, counter], 'Asia/Shanghai');
}, 300_000);
afterAll(() => ctx?.close());

async function curve(deviceId: number, points: string[], from: number, to: number): Promise<CurveSeries[]> {
  const res = await call(ctx.app, tokens.maintainer, 'POST', URL, { deviceId, points, from, to });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.series;
}

const byCode = (series: CurveSeries[], code: string): CurveSeries => {
  const s = series.find((x) => x.code === code);
  if (!s) throw new Error(`no series ${code}`);
  return s;
};

describe('pointCurve resolution', () => {
  it('returns raw samples when a short range holds few enough', async () => {
    const from = T0 + HOUR_MS;
    const series = await curve(rawDevice, ['p', 'runState'], from, from + HOUR_MS);
    const p = byCode(series, 'p');
    expect(p).toMatchObject({ deviceId: rawDevice, code: 'p', unit: 'kW', resolution: 'raw', bucketMs: null });
    expect(p.data).toHaveLength(361);
    expect(p.data[0]).toEqual([from, pOf(from)]);
    expect(p.band).toBeUndefined();
    expect(byCode(series, 'runState').data).toHaveLength(7);
  });

  it('decimates a dense day into round buckets: average with min/max band, last value for counters', async () => {
    const series = await curve(rawDevice, ['p', 'chargeEnergy', 'runState'], T0, T0 + DAY_MS);
    const p = byCode(series, 'p');
    expect(p.resolution).toBe('raw');
    expect(p.bucketMs).toBe(120_000);
    expect(p.data.length).toBeLessThanOrEqual(MAX_CURVE_BUCKETS);
    expect(p.data.length).toBeGreaterThan(700);
    // One bucket recomputed from the samples: local-aligned 2-minute buckets coincide with UTC ones here.
    const start = T0 + 30 * 120_000;
    const inBucket = (rawSamples.get(ids.p) ?? []).filter((s) => s.ts >= start && s.ts < start + 120_000);
    const avg = inBucket.reduce((s, x) => s + x.value, 0) / inBucket.length;
    const at = p.data.find(([t]) => t === start);
    expect(at?.[1]).toBeCloseTo(avg, 9);
    expect(p.band?.find(([t]) => t === start)).toEqual([
      start,
      Math.min(...inBucket.map((s) => s.value)),
      Math.max(...inBucket.map((s) => s.value)),
    ]);
    const counter = byCode(series, 'chargeEnergy');
    expect(counter.band).toBeUndefined();
    const lastInBucket = (rawSamples.get(ids.counter) ?? []).filter((s) => s.ts < start + 120_000).at(-1);
    expect(counter.data.find(([t]) => t === start)?.[1]).toBe(lastInBucket?.value);
    // The state has 145 samples: raw, as they are.
    expect(byCode(series, 'runState')).toMatchObject({ resolution: 'raw', bucketMs: null });
  });

  it('reads 15-minute roll-ups for a few days', async () => {
    const series = await curve(rollDevice, ['p'], T0 - 3 * DAY_MS, T0);
    const [p] = series;
    expect(p).toMatchObject({ resolution: '15m', bucketMs: QUARTER_MS });
    expect(p?.data).toHaveLength(3 * 96 + 1);
    const [t, v] = p?.data[5] ?? [0, 0];
    expect(v).toBe((t / QUARTER_MS) % 96);
    expect(p?.band?.[5]).toEqual([t, v - 1, v + 2]);
  });

  it('re-aggregates the 15-minute rows into local hours for a month', async () => {
    const [p, counter] = await curve(rollDevice, ['p', 'chargeEnergy'], T0 - 30 * DAY_MS, T0);
    expect(p).toMatchObject({ resolution: '1h', bucketMs: HOUR_MS });
    expect(p?.data.length).toBeLessThanOrEqual(MAX_CURVE_BUCKETS);
    expect(p?.data.length).toBeGreaterThanOrEqual(720);
    const [t, v] = p?.data[10] ?? [0, 0];
    expect(t % HOUR_MS).toBe(0);
    const q = (t / QUARTER_MS) % 96;
    // Four quarters q..q+3, each with sum 3q and count 3: the average is their mean.
    expect(v).toBeCloseTo(q + 1.5, 9);
    expect(p?.band?.[10]).toEqual([t, q - 1, q + 3 + 2]);
    expect(counter?.data[10]).toEqual([t, t / QUARTER_MS + 3 + 1]);
  });

  it('reads daily roll-ups (local days) for a year', async () => {
    const [p] = await curve(rollDevice, ['p'], T0 - 365 * DAY_MS, T0);
    expect(p).toMatchObject({ resolution: '1d', bucketMs: DAY_MS });
    expect(p?.data.length).toBe(366);
    // Local midnight in Shanghai is 16:00 UTC.
    expect(new Date(p?.data[1]?.[0] ?? 0).toISOString()).toMatch(/T16:00:00.000Z$/);
    expect(p?.band?.[1]?.slice(1)).toEqual([-1, 95 + 2]);
  });

  it('merges days for ranges beyond 1000 days and never returns more than 1000 buckets', async () => {
    const [p, counter] = await curve(rollDevice, ['p', 'chargeEnergy'], T0 - 5 * 366 * DAY_MS + 1, T0);
    expect(p).toMatchObject({ resolution: '1d', bucketMs: 2 * DAY_MS });
    expect(p?.data.length).toBeLessThanOrEqual(MAX_CURVE_BUCKETS);
    expect(p?.data.length).toBeGreaterThan(900);
    const gaps = new Set(p?.data.slice(1).map(([t], i) => t - (p.data[i]?.[0] ?? 0)));
    expect([...gaps]).toEqual([2 * DAY_MS]);
    expect(counter?.band).toBeUndefined();
  });
});

describe('pointCurve validation and scope', () => {
  it('refuses bad ranges, too many or repeated points and unknown codes with 400', async () => {
    const bad: object[] = [
      { deviceId: rawDevice, points: ['p'], from: T0, to: T0 },
      { deviceId: rawDevice, points: ['p'], from: T0 + 1, to: T0 },
      { deviceId: rawDevice, points: ['p'], from: T0 - 6 * 366 * DAY_MS, to: T0 },
      { deviceId: rawDevice, points: [], from: T0, to: T0 + 1 },
      { deviceId: rawDevice, points: Array.from({ length: 51 }, (_, i) => `p${i}`), from: T0, to: T0 + 1 },
      { deviceId: rawDevice, points: ['p', 'p'], from: T0, to: T0 + 1 },
      { deviceId: rawDevice, points: ['p'], from: 'yesterday', to: T0 },
      { deviceId: rawDevice, points: ['1abc'], from: T0, to: T0 + 1 },
    ];
    for (const body of bad) {
      const res = await call(ctx.app, tokens.admin, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const unknown = await call(
      ctx.app,
      tokens.admin,
      'POST',
      URL,
      { deviceId: rawDevice, points: ['p', 'nope'], from: T0, to: T0 + 1 },
      'en_US',
    );
    expect(unknown.json().msg).toBe('Device GD-GZ01-CAB-01 has no point nope');
  });

  it('accepts 50 points, and answers a device out of scope with 404', async () => {
    const list = await call(ctx.app, tokens.admin, 'POST', '/api/business/point/pointList', { deviceId: rawDevice });
    const codes = (list.json().data as { code: string }[]).map((p) => p.code);
    const res = await call(ctx.app, tokens.admin, 'POST', URL, {
      deviceId: rawDevice,
      points: codes,
      from: T0,
      to: T0 + HOUR_MS,
    });
    expect(res.json().data.series).toHaveLength(codes.length);
    const scoped = await call(ctx.app, tokens.operator, 'POST', URL, {
      deviceId: rawDevice,
      points: ['p'],
      from: T0,
      to: T0 + HOUR_MS,
    });
    expect(scoped.statusCode).toBe(404);
  });

  it('treats "to" as inclusive: a sample at exactly "to" is returned', async () => {
    const series = await curve(rawDevice, ['p'], T0, T0 + 10_000);
    expect(series[0]?.data.map(([t]) => t)).toEqual([T0, T0 + 10_000]);
  });
});
