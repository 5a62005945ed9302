import { type CarbonResult, localDayStart, NATIONAL_FACTOR } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { auxiliaryCounterIds } from '../../monitoring/energy';
import { signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, writeQuarter } from '../../stations/point/telemetry-fixtures.kit';

const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const D1 = '2024-06-03';
const D2 = '2024-06-04';
const STATION = 'JS-SZ01';
const JIANGSU = '32';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let sid: (code: string) => number;
/** kWh written per counter, added up from the increments (the expected values). */
const written = { pv: 0, charge: 0, discharge: 0, aux: 0 };

/**
 * Writes two days of quarters of a counter starting at `start`; `resetAt` restarts it from 0
 * (a replaced meter), which must add its own increase and nothing negative.
 */
async function writeCounter(pointId: number, start: number, inc: (q: number) => number, resetAt?: number) {
  const db = ctx.database.db;
  await writeQuarter(db, pointId, localDayStart(D1, TZ) - QUARTER, start - 1, start);
  let reading = start;
  let total = 0;
  for (let q = 0; q < 192; q++) {
    const first = q === resetAt ? 0 : reading;
    const last = first + inc(q);
    await writeQuarter(db, pointId, localDayStart(D1, TZ) + q * QUARTER, first, last);
    total += last - first;
    reading = last;
  }
  return total;
}

const sun = (q: number) => {
  const h = (q % 96) / 4;
  return h >= 6 && h < 18 ? 20 * Math.sin(((h - 6) / 12) * Math.PI) : 0;
};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  const db = ctx.database.db;
  written.pv = await writeCounter(await pointIdOf(db, `${STATION}-MTR-PV`, 'forwardEnergy'), 50_000, sun, 130);
  // Charged in the valley, discharged at the peak: charged > discharged (the losses).
  written.charge = await writeCounter(await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy'), 80_000, (q) =>
    q % 96 < 24 ? 50 : 0,
  );
  written.discharge = await writeCounter(await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy'), 70_000, (q) =>
    q % 96 >= 72 && q % 96 < 92 ? 54 : 0,
  );
  for (const [i, id] of (await auxiliaryCounterIds(db, sid(STATION))).entries()) {
    written.aux += await writeCounter(id, 3000 + i * 100, (q) => 0.75 + (q % 4) * 0.25, i === 0 ? 150 : undefined);
  }
}, 180_000);

afterAll(() => ctx?.close());

const figures = async (token: string, body: object) => {
  const res = await call(ctx.app, token, 'POST', '/api/revenue/carbon', body);
  return { status: res.statusCode, body: res.json() as { code: number; data: CarbonResult } };
};

describe('carbon footprint from meter counters', () => {
  it('gives avoided emissions, the storage effect and the auxiliary share from the counters, national factor', async () => {
    const { status, body } = await figures(tokens.admin, { stationId: sid(STATION), from: D1, to: D2 });
    expect(status).toBe(200);
    const f = NATIONAL_FACTOR.factor;
    const t = body.data.total;
    expect(t.pvKwh).toBeCloseTo(written.pv, 4);
    expect(t.chargeKwh).toBeCloseTo(written.charge, 4);
    expect(t.dischargeKwh).toBeCloseTo(written.discharge, 4);
    expect(t.auxKwh).toBeCloseTo(written.aux, 4);
    expect(t.avoidedKg).toBeCloseTo(written.pv * f, 2);
    // One flat factor: storage adds the emissions of its losses.
    expect(t.storageKg).toBeCloseTo((written.discharge - written.charge) * f, 2);
    expect(t.storageKg).toBeLessThan(0);
    expect(t.auxKg).toBeCloseTo(written.aux * f, 2);
    expect(t.auxSharePct).toBeCloseTo((written.aux / (written.charge + written.discharge)) * 100, 4);
    expect(t.netKg).toBeCloseTo((written.pv + written.discharge - written.charge - written.aux) * f, 2);
    expect(t.partial).toBe(false);
    expect(body.data.unit).toBe('day');
    expect(body.data.trend.map((p) => p.period)).toEqual([D1, D2]);
    const trendPv = body.data.trend.reduce((s, p) => s + (p.pvKwh ?? 0), 0);
    expect(trendPv).toBeCloseTo(written.pv, 4);
    expect(body.data.ranking).toHaveLength(1);
    expect(body.data.ranking[0]?.factor).toMatchObject({ factor: f, national: true, provinceCode: null });
    expect(body.data.factors[0]?.source).toContain('环办气候函〔2023〕43号');
  });

  it('sums a longer range per month, and all stations in scope into the total', async () => {
    const { body } = await figures(tokens.admin, { stationId: sid(STATION), from: '2024-04-01', to: '2024-06-30' });
    expect(body.data.unit).toBe('month');
    expect(body.data.trend.map((p) => p.period)).toEqual(['2024-04', '2024-05', '2024-06']);
    // June also holds the baseline quarter before D1 (each counter's writes start with 1 kWh).
    expect(body.data.trend[2]?.pvKwh).toBeCloseTo(written.pv + 1, 4);
    expect(body.data.trend[0]?.pvKwh).toBeNull();
    const all = await figures(tokens.operator, { stationId: null, from: D1, to: D2 });
    const ranked = all.body.data.ranking.reduce((s, r) => s + (r.pvKwh ?? 0), 0);
    expect(all.body.data.total.pvKwh).toBeCloseTo(ranked, 6);
    expect(all.body.data.total.pvKwh).toBeGreaterThanOrEqual(written.pv - 1e-4);
  });

  it('a counter reset gives no negative energy: each day is at least zero', async () => {
    const { body } = await figures(tokens.admin, { stationId: sid(STATION), from: D1, to: D2 });
    for (const p of body.data.trend) {
      expect(p.pvKwh).toBeGreaterThanOrEqual(0);
      expect(p.auxKwh).toBeGreaterThan(0);
    }
  });

  it('a provincial factor overrides the national one; its validation refuses bad values', async () => {
    const add = (payload: object) => call(ctx.app, tokens.admin, 'POST', '/api/revenue/carbon/factor/add', payload);
    const source = { zh_CN: '测试省级因子', en_US: 'Test provincial factor' };
    for (const factor of [0, -0.1, 2.01]) {
      expect((await add({ provinceCode: JIANGSU, factor, year: 2022, source })).statusCode).toBe(400);
    }
    expect((await add({ provinceCode: '99', factor: 0.6, year: 2022, source })).statusCode).toBe(400);
    expect((await add({ provinceCode: JIANGSU, factor: 0.6, year: 2022, source: { zh_CN: '' } })).statusCode).toBe(400);
    const ok = await add({ provinceCode: JIANGSU, factor: 0.7, year: 2022, source });
    expect(ok.statusCode).toBe(200);
    const again = await add({ provinceCode: JIANGSU, factor: 0.8, year: 2022, source });
    expect(again.statusCode).toBe(409);

    const { body } = await figures(tokens.admin, { stationId: sid(STATION), from: D1, to: D2 });
    expect(body.data.ranking[0]?.factor).toMatchObject({ factor: 0.7, national: false, provinceCode: JIANGSU });
    expect(body.data.total.avoidedKg).toBeCloseTo(written.pv * 0.7, 2);

    const page = await call(ctx.app, tokens.admin, 'POST', '/api/revenue/carbon/factor/page', {
      pageNum: 1,
      pageSize: 50,
    });
    const rows = page.json().data.rows as { id: number; provinceCode: string | null }[];
    const national = rows.filter((r) => r.provinceCode === null);
    expect(national).toHaveLength(1);
    const del = await call(ctx.app, tokens.admin, 'POST', '/api/revenue/carbon/factor/delete', { id: national[0]?.id });
    expect(del.statusCode).toBe(409);
    const own = ok.json().data.id as number;
    expect(
      (await call(ctx.app, tokens.admin, 'POST', '/api/revenue/carbon/factor/delete', { id: own })).statusCode,
    ).toBe(200);
  });

  it('refuses a station outside the caller’s scope and factor changes without the permission', async () => {
    // The operator sees Jiangsu only.
    expect((await figures(tokens.operator, { stationId: sid('GD-GZ01'), from: D1, to: D2 })).status).toBe(404);
    const mine = await figures(tokens.operator, { stationId: null, from: D1, to: D2 });
    expect(mine.status).toBe(200);
    expect(mine.body.data.ranking.every((r) => r.stationName !== '' && r.stationId !== sid('GD-GZ01'))).toBe(true);
    const add = await call(ctx.app, tokens.manager, 'POST', '/api/revenue/carbon/factor/add', {
      provinceCode: JIANGSU,
      factor: 0.6,
      year: 2021,
      source: { zh_CN: '无权限' },
    });
    expect(add.statusCode).toBe(403);
  });

  it('exports the figures; a range without readings has nothing to export', async () => {
    const file = await call(ctx.app, tokens.admin, 'POST', '/api/revenue/carbon/export', {
      stationId: sid(STATION),
      from: D1,
      to: D2,
      format: 'csv',
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(written.pv.toFixed(1).slice(0, 4));
    const none = await call(ctx.app, tokens.admin, 'POST', '/api/revenue/carbon/export', {
      stationId: sid(STATION),
      from: '2020-01-01',
      to: '2020-01-02',
      format: 'csv',
    });
    expect(none.json().code).toBe(60000);
  });
});
