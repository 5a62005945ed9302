import {
  addDays,
  type IncomeResult,
  localDateOf,
  localDayStart,
  periodAt,
  type StatementResult,
  type StationKpis,
  type TouPrices,
  type TouSegment,
} from '@ess/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationTouTemplates } from '../../../db/rate-schema';
import { touTemplates } from '../../../db/schema';
import { ts15m } from '../../../db/telemetry-schema';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { readPdf, squash } from '../../../test/pdf-text';
import { EnergyService } from '../../monitoring/energy';
import { intArray } from '../../stations/device';
import { signInAll } from '../../stations/device/sessions.kit';
import { rebuildDaysFromQuarters } from '../../stations/point/rollups-from-raw.kit';
import { pointIdOf, quarterRow } from '../../stations/point/telemetry-fixtures.kit';

/**
 * Issue 24 parts 3–4: a month's statement from meter counters, priced by the template in force
 * each day — a change mid-month — with a meter reset and a gap, settled by the station's ratio.
 * Every expected figure is derived here from the readings this test writes.
 */
const QUARTER = 900_000;
const TZ = 'Asia/Shanghai';
const STATION = 'JS-SZ01';
const TODAY_STATION = 'JS-WX01';
const MONTH = '2025-03';
const CHANGE = '2025-03-16';
/** The day whose readings stop for 4 h (the energy lands on the first quarter after) and the reset day. */
const GAP_DAY = '2025-03-10';
const RESET_DAY = '2025-03-20';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let sid: (code: string) => number;
let cuts: {
  before: { segments: TouSegment[]; prices: TouPrices };
  after: { segments: TouSegment[]; prices: TouPrices };
};
/** Σ over quarters of energy × price, each quarter at its day's template (the expected money). */
const expected = { charge: 0, discharge: 0, cost: 0, income: 0 };

const chargeInc = (i: number) => (i < 36 ? 12 + (i % 4) * 0.25 : 0);
const dischargeInc = (i: number) => (i >= 40 && i < 88 ? 8 + (i % 5) * 0.125 : 0);

type Row = typeof ts15m.$inferInsert;
const quarter = (rows: Row[], pointId: number, bucket: number, first: number, last: number) =>
  rows.push(quarterRow(pointId, bucket, first, last));

/**
 * Writes a counter's quarters from the day before `from` through `to` (quarters before `until`
 * only), skipping the gap and restarting at 0 on the reset. Returns, per written quarter, the
 * energy the counter rule gives it: last minus the last reading before it, or from its own
 * first reading after a reset.
 */
function counter(
  pointId: number,
  from: string,
  to: string,
  inc: (i: number) => number,
  start: number,
  until = Number.POSITIVE_INFINITY,
): { rows: Row[]; energy: { date: string; i: number; kwh: number }[] } {
  const rows: Row[] = [];
  const energy: { date: string; i: number; kwh: number }[] = [];
  quarter(rows, pointId, localDayStart(from, TZ) - QUARTER, start - 1, start);
  let reading = start;
  let lastWritten = start;
  let pending = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (let i = 0; i < 96; i++) {
      const bucket = localDayStart(date, TZ) + i * QUARTER;
      if (bucket + QUARTER > until) return { rows, energy };
      const reset = date === RESET_DAY && i === 50;
      const first = reset ? 0 : reading;
      const last = first + inc(i);
      reading = last;
      if (date === GAP_DAY && i >= 32 && i < 48) {
        pending += inc(i);
        continue;
      }
      quarter(rows, pointId, bucket, first, last);
      energy.push({ date, i, kwh: reset ? last - first : last - lastWritten });
      if (!reset) expect(last - lastWritten).toBeCloseTo(inc(i) + pending, 9);
      pending = 0;
      lastWritten = last;
    }
  }
  return { rows, energy };
}

const priceOn = (date: string, i: number): number => {
  const t = date < CHANGE ? cuts.before : cuts.after;
  return t.prices[periodAt(t.segments, i * 15)];
};

const post = (token: string, url: string, body: object, lang = 'zh_CN') =>
  call(ctx.app, token, 'POST', url, body, lang);
const statement = async (token: string, body: object) => {
  const res = await post(token, '/api/revenue/statement', body);
  return { status: res.statusCode, body: res.json() as { code: number; data: StatementResult } };
};
const withinCent = (actual: number, want: number) => expect(Math.abs(actual - want)).toBeLessThanOrEqual(0.005 + 1e-9);

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  const db = ctx.database.db;
  const [ex] = await db.select().from(touTemplates).where(eq(touTemplates.code, 'TOU-EXAMPLE'));
  const [js] = await db.select().from(touTemplates).where(eq(touTemplates.code, 'TOU-JS'));
  if (!ex || !js) throw new Error('seeded templates missing');
  cuts = { before: ex, after: js };
  // The example tariff from the beginning, Jiangsu's from the 16th.
  await db.delete(stationTouTemplates).where(eq(stationTouTemplates.stationId, sid(STATION)));
  await db.insert(stationTouTemplates).values([
    { stationId: sid(STATION), templateId: ex.id, validFrom: null },
    { stationId: sid(STATION), templateId: js.id, validFrom: CHANGE },
  ]);
  const last = addDays(`${MONTH}-01`, 30);
  const c = counter(await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy'), `${MONTH}-01`, last, chargeInc, 5000);
  const d = counter(await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy'), `${MONTH}-01`, last, dischargeInc, 9000);
  for (const q of c.energy) {
    expected.charge += q.kwh;
    expected.cost += q.kwh * priceOn(q.date, q.i);
  }
  for (const q of d.energy) {
    expected.discharge += q.kwh;
    expected.income += q.kwh * priceOn(q.date, q.i);
  }
  // Today's quarters so far at a second station: the month in progress.
  const now = Date.now();
  const today = localDateOf(now, TZ);
  const tc = counter(
    await pointIdOf(db, `${TODAY_STATION}-MTR-ES`, 'reverseEnergy'),
    today,
    today,
    chargeInc,
    100,
    now,
  );
  const td = counter(
    await pointIdOf(db, `${TODAY_STATION}-MTR-ES`, 'forwardEnergy'),
    today,
    today,
    dischargeInc,
    200,
    now,
  );
  // One insert per batch: a row at a time costs a minute on a shared machine.
  for (const rows of [c.rows, d.rows, tc.rows, td.rows]) await db.insert(ts15m).values(rows);
}, 180_000);

afterAll(() => ctx?.close());

describe('earnings statement', () => {
  it('prices a month across a template change, a meter reset and a gap, to the cent', async () => {
    const { status, body } = await statement(tokens.admin, { stationIds: [sid(STATION)], month: MONTH });
    expect(status).toBe(200);
    const row = body.data.rows[0];
    if (!row) throw new Error('no row');
    expect(row).toMatchObject({ stationId: sid(STATION), from: `${MONTH}-01`, to: `${MONTH}-31`, partial: false });
    expect(row.chargeKwh).toBeCloseTo(expected.charge, 6);
    expect(row.dischargeKwh).toBeCloseTo(expected.discharge, 6);
    withinCent(row.chargeCost, expected.cost);
    withinCent(row.dischargeIncome, expected.income);
    withinCent(row.revenue, expected.income - expected.cost);
    // A period priced twice in the month (the change) has a line per price; the lines add up.
    const lines = row.periods;
    expect(lines.reduce((s, l) => s + l.chargeKwh, 0)).toBeCloseTo(expected.charge, 6);
    expect(lines.reduce((s, l) => s + l.dischargeKwh, 0)).toBeCloseTo(expected.discharge, 6);
    const priced = lines.reduce((s, l) => s + (l.dischargeKwh - l.chargeKwh) * (l.price ?? 0), 0);
    withinCent(row.revenue, priced);
    const prices = new Set(lines.map((l) => `${l.period}@${l.price}`));
    expect(prices.size).toBeGreaterThan(new Set(lines.map((l) => l.period)).size);
    expect(body.data.total).toMatchObject({
      chargeKwh: row.chargeKwh,
      dischargeKwh: row.dischargeKwh,
      revenue: row.revenue,
    });
  });

  it('reads the ended days as stored once their day roll-ups are in, and says the same to the cent', async () => {
    const db = ctx.database.db;
    const ids = [
      await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy'),
      await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy'),
    ];
    await rebuildDaysFromQuarters(db, ids, TZ);
    const count = async (table: SQL, from = `${MONTH}-01`) =>
      (
        (await db.execute(sql`select count(*)::int as n from ${table} where point_id = any(${intArray(ids)})
        and day between ${from}::date and ${`${MONTH}-31`}::date`)) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n ?? 0;
    // The quarter-hourly job on the 11th stores the week before it.
    await new EnergyService(db).storeEndedDays(localDayStart(`${MONTH}-11`, TZ) + 3_600_000);
    expect(await count(sql`energy_period_day`)).toBe(
      (await count(sql`ts_1d`, `${MONTH}-04`)) - (await count(sql`ts_1d`, `${MONTH}-11`)),
    );
    const first = await statement(tokens.admin, { stationIds: [sid(STATION)], month: MONTH });
    const days = await count(sql`ts_1d`);
    expect(days).toBeGreaterThan(50);
    expect(await count(sql`energy_period_day`)).toBe(days);
    const second = await statement(tokens.admin, { stationIds: [sid(STATION)], month: MONTH });
    expect(second.body.data).toEqual(first.body.data);
    withinCent(second.body.data.rows[0]?.revenue ?? Number.NaN, expected.income - expected.cost);
  });

  it('says the same money as the earnings glance for the same days', async () => {
    const income = (
      await post(tokens.admin, '/api/business/openStation/incomeData', {
        stationId: sid(STATION),
        from: `${MONTH}-01`,
        to: `${MONTH}-31`,
      })
    ).json().data as IncomeResult;
    const glance = income.days.reduce((s, d) => s + (d.revenue ?? 0), 0);
    const { body } = await statement(tokens.admin, { stationIds: [sid(STATION)], month: MONTH });
    withinCent(body.data.rows[0]?.revenue ?? Number.NaN, glance);
  });

  it('gives the month in progress up to the station’s today, marked partial, as the home page’s today', async () => {
    const month = localDateOf(Date.now(), TZ).slice(0, 7);
    const { body } = await statement(tokens.admin, { stationIds: [sid(TODAY_STATION)], month });
    const row = body.data.rows[0];
    const kpis = (
      await post(tokens.admin, '/api/business/openStation/pcsStationData', { stationId: sid(TODAY_STATION) })
    ).json().data as StationKpis;
    expect(row).toMatchObject({ partial: true, to: kpis.date, from: `${month}-01` });
    withinCent(row?.revenue ?? Number.NaN, kpis.todayRevenue ?? 0);
  });

  it('splits the revenue by the ratio set for the month; an ended month keeps its ratio', async () => {
    const now = localDateOf(Date.now(), TZ).slice(0, 7);
    const set = (ratio: unknown, fromMonth: string) =>
      post(tokens.operator, '/api/revenue/settlement-ratio/set', { stationId: sid(TODAY_STATION), fromMonth, ratio });
    for (const bad of [-1, 100.5, 101, '50', null]) expect((await set(bad, now)).statusCode).toBe(400);
    const ended = await set(40, MONTH);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().msg).toContain(MONTH);
    expect((await set(70, now)).statusCode).toBe(200);
    const { body } = await statement(tokens.operator, { stationIds: [sid(TODAY_STATION)], month: now });
    const row = body.data.rows[0];
    if (!row) throw new Error('no row');
    expect(row.settlementRatio).toBe(70);
    withinCent(row.ownerShare, (row.revenue * 70) / 100);
    expect(row.ownerShare + row.investorShare).toBeCloseTo(row.revenue, 6);
    // The ended month stays at the default (nobody set one before it).
    const past = await statement(tokens.operator, { stationIds: [sid(STATION)], month: MONTH });
    expect(past.body.data.rows[0]?.settlementRatio).toBe(100);
    const list = (
      await post(tokens.operator, '/api/revenue/settlement-ratio/list', { stationId: sid(TODAY_STATION) })
    ).json();
    expect(list.data).toMatchObject([{ fromMonth: now, ratio: 70, updateBy: 'operator' }]);
    // A manager reads but does not set; a missing ratio is a clear 404.
    expect(
      (
        await post(tokens.manager, '/api/revenue/settlement-ratio/set', {
          stationId: sid(TODAY_STATION),
          fromMonth: now,
          ratio: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(tokens.operator, '/api/revenue/settlement-ratio/delete', {
          stationId: sid(TODAY_STATION),
          fromMonth: '2199-01',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps to the caller’s stations: another province is not found, a maintainer has no statements', async () => {
    const other = await statement(tokens.operator, { stationIds: [sid('GD-SZ01')], month: MONTH });
    expect(other.status).toBe(404);
    expect((await statement(tokens.maintainer, { stationIds: [sid(STATION)], month: MONTH })).status).toBe(403);
    for (const bad of [{ stationIds: [], month: MONTH }, { stationIds: [sid(STATION)], month: '2025-13' }, {}]) {
      expect((await statement(tokens.admin, bad)).status).toBe(400);
    }
  });

  it('exports the statement as PDF with the Chinese station name and totals, as Excel and CSV', async () => {
    const body = { stationIds: [sid(STATION)], month: MONTH };
    const { body: shown } = await statement(tokens.admin, body);
    const row = shown.data.rows[0];
    if (!row) throw new Error('no row');
    const pdf = await post(tokens.admin, '/api/revenue/statement/export', { ...body, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('.pdf');
    const text = (await readPdf(pdf.rawPayload)).pages.join('');
    expect(text).toContain(squash(row.stationName));
    const money = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(text).toContain(money(row.revenue));
    expect(text).toContain(money(row.ownerShare));

    const xlsx = await post(tokens.admin, '/api/revenue/statement/export', { ...body, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const csv = await post(tokens.admin, '/api/revenue/statement/export', { ...body, format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(row.stationName);
    expect(csv.body).toContain(String(row.revenue));
    // A month with no energy exports nothing, and says so.
    const empty = await post(tokens.admin, '/api/revenue/statement/export', {
      ...body,
      month: '2020-01',
      format: 'csv',
    });
    expect(empty.json().code).not.toBe(200);
  });
});
