import {
  type FamilyView,
  type IncomeResult,
  localDateOf,
  localDayStart,
  type StationKpis,
  type StationSummary,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, writeSamples } from '../../stations/point/telemetry-fixtures.kit';

/**
 * Issue 25 part 5: the household view (/family). Its figures are the home page's and the
 * earnings glance's for the same station and days; its link is the station's, made within the
 * maker's scope, and dies with its revocation or its maker's right.
 */
const STATION = 'JS-SZ01';
const TZ = 'Asia/Shanghai';
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let sz: number;
let gd: number;
const gridIn: number[] = [];

const post = (url: string, body: object, token: string | null) => call(ctx.app, token, 'POST', url, body, 'en_US');
const data = <T>(res: { json: () => { data: T } }) => res.json().data;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  const db = ctx.database.db;
  const idOf = await stationIdLookup(db);
  sz = idOf(STATION);
  gd = idOf('GD-SZ01');
  // Counters rising through the station's today so far: storage charged then discharged, PV, grid import.
  const now = Date.now();
  const start = localDayStart(localDateOf(now, TZ), TZ);
  const at = (k: number) => Math.floor(start + ((now - start) * k) / 8);
  const counter = async (sn: string, code: string, step: number) => {
    const pointId = await pointIdOf(db, sn, code);
    return Array.from({ length: 8 }, (_, k) => ({ pointId, ts: at(k), value: 1000 + step * k }));
  };
  const samples = [
    ...(await counter(`${STATION}-MTR-ES`, 'reverseEnergy', 12)),
    ...(await counter(`${STATION}-MTR-ES`, 'forwardEnergy', 10)),
    ...(await counter(`${STATION}-MTR-PV`, 'forwardEnergy', 7)),
    ...(await counter(`${STATION}-MTR-GW`, 'forwardEnergy', 5)),
  ];
  const grid = samples.at(-1)?.pointId;
  gridIn.push(...samples.filter((s) => s.pointId === grid).map((s) => s.value));
  await writeSamples(db, samples);
});
afterAll(async () => {
  await ctx?.close();
});

describe('household view', () => {
  let token = '';

  it('makes a station’s link only within the maker’s scope and right', async () => {
    expect((await post('/api/dashboard/family/publish', { stationId: gd }, tokens.operator)).statusCode).toBe(404);
    expect((await post('/api/dashboard/family/publish', { stationId: sz }, tokens.maintainer)).statusCode).toBe(403);
    expect(
      data<{ publishedAt: number | null }>(
        await post('/api/dashboard/family/link', { stationId: sz }, tokens.operator),
      ),
    ).toMatchObject({ publishedAt: null });
    token = data<{ token: string }>(
      await post('/api/dashboard/family/publish', { stationId: sz }, tokens.operator),
    ).token;
    const state = data<{ publishedAt: number | null }>(
      await post('/api/dashboard/family/link', { stationId: sz }, tokens.operator),
    );
    expect(state.publishedAt).toEqual(expect.any(Number));
  });

  it('shows the home page’s figures and the month’s savings of the earnings glance, without a session', async () => {
    const view = data<FamilyView>(await post('/api/dashboard/family/view', { token }, null));
    const kpis = data<StationKpis>(
      await post('/api/business/openStation/pcsStationData', { stationId: sz }, tokens.operator),
    );
    const flow = data<StationSummary>(
      await post('/api/business/openStation/middle', { stationId: sz }, tokens.operator),
    );
    expect(view.summary).toEqual(flow);
    // The counters' rises written above: 7 steps of 12, 10 and 7 kWh.
    expect(view.today).toMatchObject({ chargeKwh: 84, dischargeKwh: 70, pvKwh: 49 });
    expect(view.date).toBe(kpis.date);
    expect(view.today.chargeKwh).toBe(kpis.todayChargeKwh);
    expect(view.today.dischargeKwh).toBe(kpis.todayDischargeKwh);
    expect(view.today.pvKwh).toBe(kpis.pvTodayKwh);
    expect(view.savingsToday).toBe(kpis.todayRevenue);
    // The gateway meter's import since midnight: its counter's rise over the samples written.
    expect(view.today.gridImportKwh).toBeCloseTo((gridIn.at(-1) ?? 0) - (gridIn[0] ?? 0), 6);
    const month = data<IncomeResult>(
      await post(
        '/api/business/openStation/incomeData',
        { stationId: sz, from: `${view.date.slice(0, 7)}-01`, to: view.date },
        tokens.operator,
      ),
    );
    const earned = month.days.map((d) => d.revenue).filter((v): v is number => v !== null);
    expect(view.savingsMonth).toBeCloseTo(
      earned.reduce((s, v) => s + v, 0),
      6,
    );
    expect(JSON.stringify(view)).not.toContain('operator');
  });

  it('dies with a new link, its revocation, and its maker’s account', async () => {
    const second = data<{ token: string }>(
      await post('/api/dashboard/family/publish', { stationId: sz }, tokens.operator),
    ).token;
    expect((await post('/api/dashboard/family/view', { token }, null)).statusCode).toBe(404);
    expect((await post('/api/dashboard/family/view', { token: second }, null)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'operator'));
    expect((await post('/api/dashboard/family/view', { token: second }, null)).statusCode).toBe(404);
    await ctx.database.db.update(users).set({ enabled: true }).where(eq(users.username, 'operator'));
    expect((await post('/api/dashboard/family/unpublish', { stationId: sz }, tokens.admin)).statusCode).toBe(200);
    const gone = await post('/api/dashboard/family/view', { token: second }, null);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, msg: 'The link is not valid or was revoked', data: null });
  });
});
