import {
  addDays,
  type HostingDayDetail,
  type HostingDayRow,
  type HostingSettings,
  localDateOf,
  localDayStart,
  zonedInstant,
} from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents } from '../../../../db/alarm-schema';
import { planDeliveries } from '../../../../db/plan-curve-schema';
import { stations } from '../../../../db/schema';
import { hostingDays } from '../../../../db/strategy-schema';
import { ts15m } from '../../../../db/telemetry-schema';
import { call, createTestApp, DEMO_PASSWORD, login, stationIdLookup, type TestContext } from '../../../../test/harness';
import { findTotalsDevice } from '../../../monitoring/monitoring';
import { OfflineSolarWeatherProvider } from '../../../stations/weather/offline-weather.provider';
import { sealedPassword } from '../../control/control.kit';
import { LoadForecastService, providerWeather } from '../load-forecast.service';
import { HostingService } from './hosting.service';

/**
 * Issue 24 part 7 on real parts: tomorrow's plan made before its deadline, reviewed with the
 * password re-entered, delivered at its start through the command service, and the ways back to
 * the TOU rule — a missed deadline, a failed delivery (no telemetry here: the EMS is offline),
 * an alarm at or above the station's level. Time is the runner's injected clock.
 */
const STATION = 'JS-NJ01';
let ctx: TestContext;
let operator: string;
let manager: string;
let stationId: number;
let tz: string;
let today: string;
let clock = Date.now();
let hosting: HostingService;

const post = (url: string, body: object, token = operator) => call(ctx.app, token, 'POST', url, body, 'en_US');
const data = async <T>(url: string, body: object, token = operator): Promise<T> => {
  const res = await post(url, body, token);
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json().data as T;
};
const dayRow = async (date: string) => {
  const [row] = await ctx.database.db.select().from(hostingDays).where(eq(hostingDays.date, date));
  return row;
};
const approve = async (id: number, approve = true, password = DEMO_PASSWORD) =>
  post('/api/strategy/hosting/review', { id, approve, opinion: 'ok', ...(await sealedPassword(ctx.app, password)) });

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', WEATHER_PROVIDER: 'offline' });
  operator = await login(ctx.app, 'operator');
  manager = await login(ctx.app, 'manager');
  stationId = (await stationIdLookup(ctx.database.db))(STATION);
  const db = ctx.database.db;
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId));
  if (!station) throw new Error('no station');
  tz = station.timezone;
  today = localDateOf(Date.now(), tz);
  // Four weeks of a commercial load and PV: what the forecast learns from.
  const totals = await findTotalsDevice(db, stationId);
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
  for (let i = 1; i <= 28; i++) {
    const date = addDays(today, -i);
    for (let s = 0; s < 96; s++) {
      const t = zonedInstant(date, s * 15, tz);
      quarter(loadId, t, 300 + (s >= 32 && s < 76 ? 500 : 0));
      quarter(pvId, t, Math.max(0, 200 * Math.sin(((s - 24) / 48) * Math.PI)));
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(ts15m).values(rows.slice(i, i + 1000));
  const app = ctx.app;
  hosting = new HostingService(
    db,
    new LoadForecastService(db, providerWeather(new OfflineSolarWeatherProvider()), () => clock),
    app.auth,
    app.commands,
    () => clock,
  );
});
afterAll(() => ctx?.close());

describe('strategy hosting', () => {
  it('is handed over by the station’s operator; a manager reads it and changes nothing', async () => {
    const off = await data<HostingSettings>('/api/strategy/hosting/settings', { stationId });
    expect(off).toMatchObject({ enabled: false, deadline: '22:00', alarmLevel: 2 });
    const on = await data<HostingSettings>('/api/strategy/hosting/settings/save', {
      stationId,
      enabled: true,
      deadline: '20:00',
      alarmLevel: 1,
    });
    expect(on).toMatchObject({ enabled: true, deadline: '20:00', alarmLevel: 1, updatedBy: 'operator' });
    expect((await post('/api/strategy/hosting/settings', { stationId }, manager)).statusCode).toBe(200);
    const save = await post(
      '/api/strategy/hosting/settings/save',
      { stationId, enabled: false, deadline: '20:00', alarmLevel: 1 },
      manager,
    );
    expect(save.statusCode).toBe(403);
  });

  it('makes tomorrow’s plan before the deadline from the station’s SOC, beside the rule', async () => {
    clock = zonedInstant(today, 9 * 60, tz);
    await hosting.tick('en_US');
    const tomorrow = addDays(today, 1);
    const page = await data<{ rows: HostingDayRow[] }>('/api/strategy/hosting/page', { stationId });
    const day = page.rows.find((r) => r.date === tomorrow);
    expect(day).toMatchObject({ state: 'pending', socMeasured: false, fallback: null });
    expect(day?.deadlineAt).toBe(zonedInstant(today, 20 * 60, tz));
    expect(day?.startAt).toBe(localDayStart(tomorrow, tz));
    // The optimum is never worse than the rule on the same forecast.
    expect(day?.expectedRevenue ?? 0).toBeGreaterThanOrEqual((day?.ruleRevenue ?? 0) - 1e-6);
    const detail = await data<HostingDayDetail>('/api/strategy/hosting/day', { id: day?.id });
    expect(detail.plan.powerKw).toHaveLength(96);
    expect(detail.plan.soc[0]).toBeCloseTo(detail.soc0, 6);
    expect(detail.plan.segments.length).toBeGreaterThan(0);
    // A second tick the same day leaves it as it is.
    await hosting.tick('en_US');
    expect((await dayRow(tomorrow))?.id).toBe(day?.id);
  });

  it('is approved with the password re-entered, by a reviewer only, before the deadline', async () => {
    const tomorrow = addDays(today, 1);
    const id = (await dayRow(tomorrow))?.id ?? 0;
    // The review call runs on the server's own clock: the deadline is put an hour from now.
    await ctx.database.db
      .update(hostingDays)
      .set({ deadlineAt: new Date(Date.now() + 3_600_000) })
      .where(eq(hostingDays.id, id));
    const asManager = await post(
      '/api/strategy/hosting/review',
      { id, approve: true, ...(await sealedPassword(ctx.app)) },
      manager,
    );
    expect(asManager.statusCode).toBe(403);
    expect((await approve(id, true, 'wrong-pass')).statusCode).toBe(400);
    const ok = await approve(id);
    expect(ok.json().data).toMatchObject({ state: 'approved', reviewer: 'operator', opinion: 'ok' });
    expect((await approve(id)).statusCode).toBe(409);
  });

  it('is delivered at its start; a delivery that fails puts the day back on the rule and says why', async () => {
    const tomorrow = addDays(today, 1);
    clock = localDayStart(tomorrow, tz) + 60_000;
    await hosting.tick('en_US');
    const row = await dayRow(tomorrow);
    // The command was stored and sent through the command service; the EMS is offline here.
    expect(row?.commandId).not.toBeNull();
    expect(row).toMatchObject({ state: 'fallback', fallback: 'deliveryFailed' });
    // Recorded as a plan delivery of its own: the history and the reviews see it.
    const [delivery] = await ctx.database.db
      .select()
      .from(planDeliveries)
      .where(eq(planDeliveries.templateCode, `HOST-${tomorrow}`));
    expect(delivery).toMatchObject({ templateId: null, segments: row?.plan.segments });
    const page = await data<{ rows: HostingDayRow[] }>('/api/strategy/hosting/page', { stationId });
    expect(page.rows.find((r) => r.date === tomorrow)?.reason).toMatch(/could not be delivered.*TOU rule/);
  });

  it('falls back to the rule when nobody approves by the deadline', async () => {
    // The next day's plan is made during tomorrow, before its deadline; the deadline passes.
    const next = addDays(today, 2);
    await hosting.tick('en_US');
    expect((await dayRow(next))?.state).toBe('pending');
    clock = zonedInstant(addDays(today, 1), 20 * 60, tz) + 1;
    await hosting.tick('en_US');
    expect(await dayRow(next)).toMatchObject({ state: 'fallback', fallback: 'deadline' });
    const id = (await dayRow(next))?.id ?? 0;
    expect((await approve(id)).statusCode).toBe(409);
  });

  it('exports the hosted days as a workbook', async () => {
    const out = await post('/api/strategy/hosting/export', { stationId });
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toContain('spreadsheetml');
    expect((await post('/api/strategy/hosting/export', { stationId }, manager)).statusCode).toBe(200);
  });

  it('falls back when an alarm at or above the station’s level is active at the start', async () => {
    const after = addDays(today, 3);
    clock = zonedInstant(addDays(today, 2), 9 * 60, tz);
    await hosting.tick('en_US');
    const id = (await dayRow(after))?.id ?? 0;
    // Approved within the day of the clock: the review call runs on the server's own clock, so the row is moved here.
    await ctx.database.db.update(hostingDays).set({ state: 'approved', reviewerId: 1 }).where(eq(hostingDays.id, id));
    await ctx.database.db.insert(alarmEvents).values({
      stationId,
      kind: 'rule',
      level: 1,
      content: 'PCS fault',
      dedupKey: 'hosting-test',
      raisedAt: new Date(clock),
    });
    clock = localDayStart(after, tz) + 60_000;
    await hosting.tick('en_US');
    expect(await dayRow(after)).toMatchObject({ state: 'fallback', fallback: 'alarm' });
    expect((await dayRow(after))?.ruleRestoredAt).not.toBeNull();
  });
});
