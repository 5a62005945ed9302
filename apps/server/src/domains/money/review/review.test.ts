import { localDayStart, REVIEW_RULES, type ReviewResult } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { commands } from '../../../db/command-schema';
import { planDeliveries, planDeliveryStations } from '../../../db/plan-curve-schema';
import { stations } from '../../../db/schema';
import { ts15m } from '../../../db/telemetry-schema';
import { processDefinitions, workOrders } from '../../../db/workorder-schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { auxiliaryCounterIds } from '../../monitoring/energy';
import { findTotalsDevice } from '../../monitoring/monitoring';
import { signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, quarterRow, writeQuarter } from '../../stations/point/telemetry-fixtures.kit';

const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const D1 = '2024-06-03';
const D3 = '2024-06-05';
const STATION = 'JS-SZ01';
/** Two whole days and a third whose meter read only its first half (48 quarters). */
const QUARTERS = 96 * 2 + 48;

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let sid: (code: string) => number;
let rated = { power: 0, capacity: 0 };
/** What was written, per day, from the increments themselves (the expected values). */
const written = {
  charge: [0, 0, 0],
  discharge: [0, 0, 0],
  aux: 0,
  peakCharge: 0,
  peakDischarge: 0,
  dispatch: 0,
  stored: 0,
};

async function writeCounter(pointId: number, start: number, inc: (q: number) => number) {
  const db = ctx.database.db;
  await writeQuarter(db, pointId, localDayStart(D1, TZ) - QUARTER, start - 1, start);
  const perDay = [0, 0, 0];
  let reading = start;
  for (let q = 0; q < QUARTERS; q++) {
    const last = reading + inc(q);
    await writeQuarter(db, pointId, localDayStart(D1, TZ) + q * QUARTER, reading, last);
    const day = Math.floor(q / 96);
    perDay[day] = (perDay[day] ?? 0) + last - reading;
    reading = last;
  }
  return perDay;
}

const charging = (q: number) => (q % 96 < 16 ? 75 : q % 96 < 20 ? 40 : 0);
const discharging = (q: number) => (q % 96 >= 72 && q % 96 < 88 ? 66 : 0);

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  const db = ctx.database.db;
  const [row] = await db
    .select()
    .from(stations)
    .where(eq(stations.id, sid(STATION)));
  if (!row) throw new Error('no station');
  rated = { power: row.ratedPowerKw, capacity: row.capacityKwh };
  written.charge = await writeCounter(await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy'), 80_000, charging);
  written.discharge = await writeCounter(
    await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy'),
    70_000,
    discharging,
  );
  written.peakCharge = Math.max(...Array.from({ length: QUARTERS }, (_, q) => charging(q) * 4));
  written.peakDischarge = Math.max(...Array.from({ length: QUARTERS }, (_, q) => discharging(q) * 4));
  for (const [i, id] of (await auxiliaryCounterIds(db, sid(STATION))).entries()) {
    const perDay = await writeCounter(id, 3000 + i * 100, () => 0.5);
    written.aux += perDay.reduce((s, v) => s + v, 0);
  }
  // Three commands executed and one failed in the range; one more success the day before it.
  const at = (ms: number, state: 'success' | 'failure', i: number) => ({
    commandId: `review-${i}`,
    stationId: sid(STATION),
    kind: 'planCurve' as const,
    origin: 'planCurve' as const,
    payload: {},
    state,
    timeoutS: 30,
    createTime: new Date(ms),
  });
  const d1 = localDayStart(D1, TZ);
  await db
    .insert(commands)
    .values([
      at(d1 + 3_600_000, 'success', 1),
      at(d1 + 7_200_000, 'success', 2),
      at(d1 + 90_000_000, 'success', 3),
      at(d1 + 10_000_000, 'failure', 4),
      at(d1 - 3_600_000, 'success', 5),
    ]);
  // A plan accepted before D1: charge at the charging power for the first four hours, then idle.
  // The station's storage power is what the meters counted (kWh per quarter × 4, discharge > 0).
  const [planCmd] = await db
    .insert(commands)
    .values({ ...at(d1 - 120_000, 'success', 6), resolvedTime: new Date(d1 - 60_000) })
    .returning();
  const [delivery] = await db
    .insert(planDeliveries)
    .values({
      templateId: null,
      templateCode: 'REVIEW-PLAN',
      templateName: 'Review plan',
      templateModifyTime: new Date(d1 - 600_000),
      segments: [
        { start: '00:00', end: '04:00', powerKw: -300, socMax: 95, socMin: 5 },
        { start: '04:00', end: '24:00', powerKw: 0, socMax: 95, socMin: 5 },
      ],
    })
    .returning();
  await db
    .insert(planDeliveryStations)
    .values({ deliveryId: delivery?.id ?? 0, stationId: sid(STATION), commandId: planCmd?.id ?? null });
  const powerId = (await findTotalsDevice(db, sid(STATION)))?.pointIds.storagePower;
  if (powerId === undefined) throw new Error('no storage power point');
  const power = (q: number) => (discharging(q) - charging(q)) * 4;
  await db
    .insert(ts15m)
    .values(Array.from({ length: QUARTERS }, (_, q) => quarterRow(powerId, d1 + q * QUARTER, power(q), power(q))));
  // SOC over the two whole days: 40 → 60 % on D1, 60 → 50 % on D2 (first and last quarter).
  const socId = (await findTotalsDevice(db, sid(STATION)))?.pointIds.soc;
  if (socId === undefined) throw new Error('no SOC point');
  const soc = (q: number) => (q < 96 ? 40 + (20 * q) / 95 : 60 - (10 * (q - 96)) / 95);
  await db
    .insert(ts15m)
    .values(Array.from({ length: 192 }, (_, q) => quarterRow(socId, d1 + q * QUARTER, soc(q), soc(q))));
  written.stored = ((soc(95) - soc(0) + (soc(191) - soc(96))) / 100) * rated.capacity;
  // D1 loses an hour to a critical alarm (02:00–03:00) and an hour to a fault repair (05:00–06:00).
  await db.insert(alarmEvents).values({
    stationId: sid(STATION),
    kind: 'rule',
    level: 1,
    content: 'PCS fault',
    dedupKey: 'review-alarm',
    raisedAt: new Date(d1 + 2 * 3_600_000),
    recoveredAt: new Date(d1 + 3 * 3_600_000),
  });
  const [definition] = await db.select({ id: processDefinitions.id }).from(processDefinitions).limit(1);
  await db.insert(workOrders).values({
    number: 'REVIEW-WO-1',
    title: 'PCS repair',
    orderType: 1,
    source: 'manual',
    stationId: sid(STATION),
    executors: [],
    definitionId: definition?.id ?? 0,
    status: 4,
    engineState: {},
    createdAt: new Date(d1 + 5 * 3_600_000),
    endedAt: new Date(d1 + 6 * 3_600_000),
  });
  const tolerance = rated.power * 0.1;
  written.dispatch = Array.from({ length: QUARTERS }, (_, q) => {
    const planned = q % 96 < 16 ? -300 : 0;
    return Math.abs(power(q) - planned) <= tolerance ? 1 : 0;
  }).reduce<number>((n, v) => n + v, 0);
}, 180_000);

afterAll(() => ctx?.close());

const score = async (token: string, body: object) => {
  const res = await call(ctx.app, token, 'POST', '/api/review/score', body);
  return { status: res.statusCode, body: res.json() as { code: number; data: ReviewResult } };
};
const linear = (v: number, floor: number, target: number) =>
  Math.min(100, Math.max(0, ((v - floor) / (target - floor)) * 100));
const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);

describe('run review: nine weighted indicators', () => {
  it('scores each indicator from the meter counters and commands, and weights the total', async () => {
    const { status, body } = await score(tokens.admin, { stationId: sid(STATION), from: D1, to: D3 });
    expect(status).toBe(200);
    const r = body.data;
    const value = (code: string) => r.indicators.find((i) => i.code === code)?.value;
    expect(sum(r.indicators.map((i) => i.weight))).toBeCloseTo(1, 10);
    // Efficiency and storage loss: whole days only (the half day's charge has no discharge).
    const wc = (written.charge[0] ?? 0) + (written.charge[1] ?? 0);
    const wd = (written.discharge[0] ?? 0) + (written.discharge[1] ?? 0);
    expect(value('efficiency')).toBeCloseTo((wd / wc) * 100, 3);
    // Storage loss: what went in and did not come out nor stay in the battery (ΔSOC × capacity).
    expect(value('storageLoss')).toBeCloseTo(((wc - wd - written.stored) / wc) * 100, 3);
    expect(r.days.map((d) => [d.socStart, d.socEnd])).toEqual([
      [40, 60],
      [60, 50],
      [null, null],
    ]);
    const charge = sum(written.charge);
    const discharge = sum(written.discharge);
    expect(value('power')).toBeCloseTo((Math.min(written.peakCharge, written.peakDischarge) / rated.power) * 100, 3);
    expect(value('energy')).toBeCloseTo((Math.max(...written.discharge) / rated.capacity) * 100, 3);
    expect(value('stationPowerUse')).toBeCloseTo((written.aux / charge) * 100, 3);
    // 12 h the meter was silent on D3, 1 h of a critical alarm and 1 h of a fault repair on D1.
    expect(value('unplannedOutage')).toBe(14);
    expect(value('availability')).toBeCloseTo((58 / 72) * 100, 3);
    expect(r.days.map((d) => d.lostBy)).toEqual([
      { offline: 0, alarm: 1, workOrder: 1 },
      { offline: 0, alarm: 0, workOrder: 0 },
      { offline: 12, alarm: 0, workOrder: 0 },
    ]);
    expect(value('utilisation')).toBeCloseTo((discharge / (rated.capacity * 3)) * 100, 3);
    // The plan followed within 10 % of rated power, over every quarter with a reading.
    expect(r.dispatch).toEqual({ quarters: QUARTERS, within: written.dispatch, tolerancePct: 10 });
    expect(value('dispatchResponse')).toBeCloseTo((written.dispatch / QUARTERS) * 100, 3);
    expect(r.commands).toEqual({ success: 3, failure: 1, timeout: 0 });
    expect(r.days.map((d) => d.whole)).toEqual([true, true, false]);
    expect(r.days[2]?.lostHours).toBe(12);
    expect(r.cycles).toBeCloseTo(discharge / rated.capacity, 2);
    // Every score the documented line, the total their weighted sum.
    let expected = 0;
    for (const i of r.indicators) {
      const rule = REVIEW_RULES[i.code];
      const v = i.code === 'unplannedOutage' ? ((i.value ?? 0) / 72) * 100 : (i.value ?? 0);
      expect(i.score).toBeCloseTo(linear(v, rule.floor, rule.target), 1);
      expected += rule.weight * linear(v, rule.floor, rule.target);
    }
    expect(r.partial).toBe(false);
    expect(r.total).toBeCloseTo(expected, 1);
  });

  it('marks missing data: no meter readings leave values null and the total re-weighted', async () => {
    const { body } = await score(tokens.admin, { stationId: sid(STATION), from: '2023-01-01', to: '2023-01-02' });
    const r = body.data;
    expect(r.partial).toBe(true);
    expect(r.indicators.find((i) => i.code === 'efficiency')?.value).toBeNull();
    expect(r.indicators.every((i) => i.score === null)).toBe(true);
    expect(r.total).toBeNull();
  });

  it('ranks the stations in scope by their totals, the station with data first', async () => {
    const res = await call(ctx.app, tokens.operator, 'POST', '/api/review/ranking', { from: D1, to: D3 });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { data: { rows: { stationId: number; stationName: string; total: number | null }[] } })
      .data.rows;
    const mine = await score(tokens.admin, { stationId: sid(STATION), from: D1, to: D3 });
    expect(rows[0]).toMatchObject({ stationId: sid(STATION), total: mine.body.data.total });
    // The operator sees Jiangsu only.
    expect(rows.some((r) => r.stationId === sid('GD-GZ01'))).toBe(false);
  });

  it('exports the ranking as CSV with the page’s total and scores; a range without data says so', async () => {
    const res = await call(ctx.app, tokens.operator, 'POST', '/api/review/export', {
      from: D1,
      to: D3,
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const mine = (await score(tokens.admin, { stationId: sid(STATION), from: D1, to: D3 })).body.data;
    // Header, then the best station first: rank 1, its name, its total as the page shows it.
    expect(lines.length).toBeGreaterThan(1);
    const first = lines[1]?.split(',') ?? [];
    expect(first[0]).toBe('1');
    expect(first.slice(2, 3).map(Number)).toEqual([Math.round((mine.total ?? 0) * 100) / 100]);
    const none = await call(ctx.app, tokens.operator, 'POST', '/api/review/export', {
      from: '2020-01-01',
      to: '2020-01-02',
      format: 'xlsx',
    });
    expect(none.json()).toMatchObject({ code: expect.any(Number), data: null });
    expect(none.json().msg).toBeTruthy();
    expect(
      (await call(ctx.app, tokens.maintainer, 'POST', '/api/review/export', { from: D1, to: D3, format: 'csv' }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a reversed range, a range over a year and a station out of scope', async () => {
    const id = sid(STATION);
    expect((await score(tokens.admin, { stationId: id, from: D3, to: D1 })).status).toBe(400);
    expect((await score(tokens.admin, { stationId: id, from: '2023-01-01', to: '2024-01-02' })).status).toBe(400);
    expect((await score(tokens.admin, { stationId: id, from: '2023-01-01', to: '2024-01-01' })).status).toBe(200);
    expect((await score(tokens.operator, { stationId: sid('GD-GZ01'), from: D1, to: D3 })).status).toBe(404);
  });
});
