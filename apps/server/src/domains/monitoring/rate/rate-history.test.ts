import {
  addDays,
  type IncomeResult,
  localDateOf,
  localDayStart,
  PROVINCE_TOU_TEMPLATES,
  periodAt,
  type RateReprice,
  type RateStationTemplates,
  type TouPrices,
  type TouSegment,
} from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logs, touTemplates } from '../../../db/schema';
import { ts15m } from '../../../db/telemetry-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { pointIdOf } from '../../stations/point/telemetry-fixtures.kit';
import { roundMoney } from '../energy/energy.service';
import { useExampleTariff } from './tariff-fixtures.kit';

/**
 * Issue 21 finding 3: switching Suzhou from the example tariff to Jiangsu's rewrote yesterday's
 * revenue. An assignment takes effect from a date; past days are re-priced only on purpose.
 */
const QUARTER = 900_000;
const STATION = 'JS-SZ01';
const TZ = 'Asia/Shanghai';
let ctx: TestContext;
let admin: string;
let stationId: number;

// Charging the first 10 h, discharging after: every period of both cuts sees some energy.
const chargeInc = (i: number) => (i < 40 ? 10 + (i % 4) * 0.25 : 0);
const dischargeInc = (i: number) => (i >= 40 ? 6 + (i % 7) * 0.125 : 0);
/** One written day's revenue under a cut and its prices (the days are alike). */
const revenueUnder = (cut: TouSegment[], prices: TouPrices): number => {
  let r = 0;
  for (let i = 0; i < 96; i++) r += (dischargeInc(i) - chargeInc(i)) * prices[periodAt(cut, i * 15)];
  return r;
};

const post = (url: string, body: object, lang = 'zh_CN') => call(ctx.app, admin, 'POST', url, body, lang);
const revenueOn = async (date: string): Promise<number | null | undefined> =>
  (
    (await post('/api/business/openStation/incomeData', { stationId, from: date, to: date })).json()
      .data as IncomeResult
  ).days[0]?.revenue;

const today = () => localDateOf(Date.now(), TZ);
const JS = PROVINCE_TOU_TEMPLATES.find((t) => t.code === 'TOU-JS');
let example: { segments: TouSegment[]; prices: TouPrices };
let jsId: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  stationId = (await stationIdLookup(ctx.database.db))(STATION);
  const db = ctx.database.db;
  // As in the issue: Suzhou on the example tariff, then switched to Jiangsu's.
  await useExampleTariff(db, [STATION]);
  const [ex] = await db.select().from(touTemplates).where(eq(touTemplates.code, 'TOU-EXAMPLE'));
  const [js] = await db.select().from(touTemplates).where(eq(touTemplates.code, 'TOU-JS'));
  if (!ex || !js || !JS) throw new Error('seeded templates missing');
  example = ex;
  jsId = js.id;
  // Three whole days of storage metering: the day before yesterday, yesterday and today.
  const charge = await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy');
  const discharge = await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy');
  const first = addDays(today(), -2);
  let c = 5000;
  let d = 7000;
  const rows: (typeof ts15m.$inferInsert)[] = [];
  const quarter = (pointId: number, bucket: number, a: number, b: number) =>
    rows.push({
      pointId,
      bucket: new Date(bucket),
      min: a,
      max: b,
      sum: a + b,
      count: 2,
      first: a,
      firstTs: new Date(bucket + 10_000),
      last: b,
      lastTs: new Date(bucket + 890_000),
    });
  quarter(charge, localDayStart(first, TZ) - QUARTER, c - 1, c);
  quarter(discharge, localDayStart(first, TZ) - QUARTER, d - 1, d);
  for (const date of [first, addDays(first, 1), addDays(first, 2)]) {
    const start = localDayStart(date, TZ);
    for (let i = 0; i < 96; i++) {
      quarter(charge, start + i * QUARTER, c, c + chargeInc(i));
      quarter(discharge, start + i * QUARTER, d, d + dischargeInc(i));
      c += chargeInc(i);
      d += dischargeInc(i);
    }
  }
  // One insert: a row at a time costs a minute on a shared machine.
  await db.insert(ts15m).values(rows);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a rate template assigned to a station', () => {
  it('takes effect from today by default: yesterday keeps the revenue it earned', async () => {
    const yesterday = addDays(today(), -1);
    const earned = await revenueOn(yesterday);
    expect(earned).toBeCloseTo(revenueUnder(example.segments, example.prices), 5);

    const res = await post('/api/business/rate/station/save', { stationId, templateId: jsId });
    expect(res.json()).toMatchObject({ code: 200 });

    expect(await revenueOn(yesterday)).toBe(earned);
    // Today is Jiangsu's, cut and priced by it.
    expect(await revenueOn(today())).toBeCloseTo(revenueUnder(JS?.segments ?? [], JS?.prices ?? example.prices), 5);
    const st: RateStationTemplates = (await post('/api/business/rate/station', { stationId })).json().data;
    expect(st.currentId).toBe(jsId);
    expect(st.assignments.map((a) => [a.templateCode, a.validFrom])).toEqual([
      ['TOU-EXAMPLE', null],
      ['TOU-JS', today()],
    ]);
  });

  it('re-prices past days only on purpose: the preview shows the exact difference, the apply is logged', async () => {
    const from = addDays(today(), -2);
    const body = { stationId, templateId: jsId, validFrom: from };
    const asEarned = revenueUnder(example.segments, example.prices);
    const asJs = revenueUnder(JS?.segments ?? [], JS?.prices ?? example.prices);

    const preview: RateReprice = (await post('/api/business/rate/station/reprice/preview', body)).json().data;
    expect(preview.days.map((d) => d.date)).toEqual([from, addDays(from, 1), today()]);
    const [d1, d2, d3] = preview.days;
    expect(d1?.oldRevenue).toBeCloseTo(asEarned, 5);
    expect(d1?.newRevenue).toBeCloseTo(asJs, 5);
    expect(d1?.difference).toBeCloseTo(asJs - asEarned, 5);
    expect(d2?.difference).toBeCloseTo(asJs - asEarned, 5);
    // Today is already Jiangsu's: no difference.
    expect(d3?.difference).toBe(0);
    expect(preview.difference).toBeCloseTo(2 * (asJs - asEarned), 5);
    expect(preview.difference).toBe(roundMoney(preview.newTotal - preview.oldTotal));
    expect(preview.replaces).toEqual([{ validFrom: today(), templateCode: 'TOU-JS' }]);
    // The preview wrote nothing.
    expect(await revenueOn(from)).toBeCloseTo(asEarned, 5);

    const applied = await post('/api/business/rate/station/reprice', body);
    expect(applied.json()).toMatchObject({ code: 200, data: { difference: preview.difference } });
    expect(await revenueOn(from)).toBeCloseTo(asJs, 5);
    const st: RateStationTemplates = (await post('/api/business/rate/station', { stationId })).json().data;
    expect(st.assignments.map((a) => [a.templateCode, a.validFrom])).toEqual([
      ['TOU-EXAMPLE', null],
      ['TOU-JS', from],
    ]);
    await vi.waitFor(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(logs)
        .where(and(eq(logs.methodName, 'rateReprice'), eq(logs.success, true)));
      expect(JSON.parse(row?.params ?? '{}')).toMatchObject(body);
    });
  });

  it('refuses re-pricing from today or beyond its reach, in the caller’s language', async () => {
    const at = (validFrom: string) =>
      post('/api/business/rate/station/reprice/preview', { stationId, templateId: jsId, validFrom }, 'en_US');
    const notPast = await at(today());
    expect(notPast.statusCode).toBe(409);
    expect(notPast.json().msg).toBe(`Re-pricing starts on a day before the station's today (${today()})`);
    const far = await at(addDays(today(), -367));
    expect(far.statusCode).toBe(409);
    expect(far.json().msg).toBe('Re-pricing reaches back 366 days at most');
  });
});
