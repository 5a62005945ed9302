import {
  addDays,
  addMonths,
  EXAMPLE_TOU_SEGMENTS,
  type IncomeResult,
  localDateOf,
  localDayStart,
  type ProxyImportResult,
  type ProxyPriceRow,
  type ProxyRegionRow,
  periodAt,
  type RateStationTemplates,
  type TouPrices,
  type TouSegment,
} from '@ess/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationTouTemplates } from '../../../db/rate-schema';
import { ts15m } from '../../../db/telemetry-schema';
import { withSpaces } from '../../../test/crafted-zip';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, quarterRow } from '../../stations/point/telemetry-fixtures.kit';

/**
 * Issue 24 part 2: proxy purchase price regions and their monthly prices — entered, imported
 * all-or-nothing, kept once a following station lived a day of their month — and the rate lookup
 * pricing a following station's days at its region's price for the month.
 */
const STATION = 'JS-SZ01';
const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const CUT: TouSegment[] = [
  { start: '00:00', end: '08:00', period: 'valley' },
  { start: '08:00', end: '12:00', period: 'peak' },
  { start: '12:00', end: '18:00', period: 'flat' },
  { start: '18:00', end: '22:00', period: 'sharp' },
  { start: '22:00', end: '24:00', period: 'flat' },
];
const PRICES: TouPrices = { sharp: 1.2431, peak: 0.9876, flat: 0.6123, valley: 0.2871, deepValley: 0.2 };
let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof signInAll>>;
let stationId: number;

const post = (url: string, body: object, token = tokens.operator, lang = 'en_US') =>
  call(ctx.app, token, 'POST', url, body, lang);
const today = () => localDateOf(Date.now(), TZ);
const month = (n = 0) => addMonths(`${today().slice(0, 7)}-01`, n).slice(0, 7);
const region = (code: string, over: object = {}) => ({
  code,
  name: `Jiangsu ${code}`,
  provinceCode: '32',
  segments: CUT,
  model: JSON.stringify({ voltageLevel: '1-10kV', electricityType: 'commercial' }),
  ...over,
});
const regions = async (keyword: string) =>
  ((await post('/api/revenue/proxy/region/page', { keyword })).json().data as { rows: ProxyRegionRow[] }).rows;
const prices = async (regionId: number) =>
  ((await post('/api/revenue/proxy/price/page', { regionId, pageSize: 50 })).json().data as { rows: ProxyPriceRow[] })
    .rows;

/** A workbook of the import's columns. */
async function workbook(rows: (string | number | null)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('p');
  ws.addRow(['region', 'month', 'sharp', 'peak', 'flat', 'valley', 'deepValley', 'currency', 'source']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

// Charging the first 10 h, discharging after: every period sees some energy.
const chargeInc = (i: number) => (i < 40 ? 10 + (i % 4) * 0.25 : 0);
const dischargeInc = (i: number) => (i >= 40 ? 6 + (i % 7) * 0.125 : 0);
const revenueUnder = (cut: TouSegment[], p: TouPrices, quarters: number): number => {
  let r = 0;
  for (let i = 0; i < quarters; i++) r += (dischargeInc(i) - chargeInc(i)) * p[periodAt(cut, i * 15)];
  return r;
};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  tokens = await signInAll(ctx.app);
  stationId = (await stationIdLookup(ctx.database.db))(STATION);
  // Today's storage metering up to the quarter now running.
  const db = ctx.database.db;
  const charge = await pointIdOf(db, `${STATION}-MTR-ES`, 'reverseEnergy');
  const discharge = await pointIdOf(db, `${STATION}-MTR-ES`, 'forwardEnergy');
  const start = localDayStart(today(), TZ);
  const rows: (typeof ts15m.$inferInsert)[] = [
    quarterRow(charge, start - QUARTER, 4999, 5000),
    quarterRow(discharge, start - QUARTER, 6999, 7000),
  ];
  let c = 5000;
  let d = 7000;
  for (let i = 0; i < 96 && start + i * QUARTER < Date.now() - QUARTER; i++) {
    rows.push(quarterRow(charge, start + i * QUARTER, c, c + chargeInc(i)));
    rows.push(quarterRow(discharge, start + i * QUARTER, d, d + dischargeInc(i)));
    c += chargeInc(i);
    d += dischargeInc(i);
  }
  await db.insert(ts15m).values(rows);
});
afterAll(() => ctx?.close());

describe('proxy price regions', () => {
  it('keeps the region model valid and non-empty, numbers and names unique, the cut whole', async () => {
    const first = await post('/api/revenue/proxy/region/add', region('JS-1'));
    expect(first.statusCode).toBe(200);
    const invalid = await post('/api/revenue/proxy/region/add', region('JS-2', { model: '{"a":' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().msg).toBe('The region model is not valid JSON');
    const empty = await post(
      '/api/revenue/proxy/region/add',
      region('JS-2', { model: ' {} ' }),
      tokens.operator,
      'zh_CN',
    );
    expect(empty.json()).toMatchObject({ code: 400, msg: '区域模型不能为空' });
    expect((await post('/api/revenue/proxy/region/add', region('JS-2', { model: '[]' }))).statusCode).toBe(400);
    expect((await post('/api/revenue/proxy/region/add', region('JS-2', { model: '"text"' }))).statusCode).toBe(400);
    const code = await post('/api/revenue/proxy/region/add', region('JS-1', { name: 'Other' }));
    expect(code.statusCode).toBe(409);
    const name = await post('/api/revenue/proxy/region/add', region('JS-3', { name: 'Jiangsu JS-1' }));
    expect(name.statusCode).toBe(409);
    const gap = await post('/api/revenue/proxy/region/add', region('JS-4', { segments: CUT.slice(1) }));
    expect(gap.statusCode).toBe(400);
    const [row] = await regions('JS-1');
    expect(row).toMatchObject({ code: 'JS-1', provinceCode: '32', priceMonths: 0, latestMonth: null, stations: [] });
    expect(JSON.parse(row?.model ?? '')).toEqual({ voltageLevel: '1-10kV', electricityType: 'commercial' });
  });

  it('exports the regions of the list filters, and says when none match', async () => {
    const out = await post('/api/revenue/proxy/region/export', { keyword: 'JS-1' });
    expect(out.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(out.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(2).getCell(1).value).toBe('JS-1');
    expect(String(sheet?.getRow(2).getCell(4).value)).toContain('00:00–08:00');
    const none = await post('/api/revenue/proxy/region/export', { keyword: 'nothing-like-it' });
    expect(none.json().data).toBeNull();
    expect(none.json().code).not.toBe(200);
    expect((await post('/api/revenue/proxy/region/export', { stationId: 1 })).statusCode).toBe(400);
  });

  it('is written by holders of its rights only', async () => {
    expect((await post('/api/revenue/proxy/region/add', region('JS-M'), tokens.manager)).statusCode).toBe(403);
    expect((await post('/api/revenue/proxy/region/page', {}, tokens.manager)).statusCode).toBe(200);
    expect((await post('/api/revenue/proxy/region/page', {}, tokens.maintainer)).statusCode).toBe(403);
    expect((await post('/api/revenue/proxy/price/import', { file: '' }, tokens.manager)).statusCode).toBe(403);
  });
});

describe('monthly proxy prices and the stations following a region', () => {
  let regionId: number;
  let thisMonth: number;

  it('prices a following station’s day at the region’s price for its month', async () => {
    regionId = (await regions('JS-1'))[0]?.id ?? 0;
    const add = await post('/api/revenue/proxy/price/add', {
      regionId,
      month: month(),
      prices: PRICES,
      source: 'notice',
    });
    expect(add.statusCode).toBe(200);
    thisMonth = add.json().data.id;
    expect((await post('/api/revenue/proxy/price/add', { regionId, month: month(), prices: PRICES })).statusCode).toBe(
      409,
    );

    const follow = await post('/api/business/rate/station/proxy', { stationId, regionId });
    expect(follow.statusCode).toBe(200);
    const past = await post('/api/business/rate/station/proxy', {
      stationId,
      regionId,
      validFrom: addDays(today(), -1),
    });
    expect(past.statusCode).toBe(409);

    const held = (await post('/api/business/rate/station', { stationId })).json().data as RateStationTemplates;
    expect(held.assignments.at(-1)).toMatchObject({ templateId: null, proxyRegionId: regionId, templateCode: 'JS-1' });
    expect(held.proxyToday).toMatchObject({ regionId, month: month(), prices: PRICES, segments: CUT });
    expect(held.currentId).toBe(-thisMonth);

    // Today's revenue is the metered quarters at the region's cut and this month's price.
    const income = (
      await post('/api/business/openStation/incomeData', { stationId, from: today(), to: today() })
    ).json().data as IncomeResult;
    const quarters = Math.max(0, Math.floor((Date.now() - QUARTER - localDayStart(today(), TZ)) / QUARTER) + 1);
    const expected = revenueUnder(CUT, PRICES, Math.min(96, quarters));
    expect(income.days[0]?.revenue ?? 0).toBeCloseTo(expected, 2);
    const [row] = await regions('JS-1');
    expect(row).toMatchObject({
      priceMonths: 1,
      latestMonth: month(),
      stations: [{ id: stationId, validFrom: today() }],
    });
  });

  it('keeps a month a following station has lived, and lets a month to come change', async () => {
    const change = await post('/api/revenue/proxy/price/update', {
      id: thisMonth,
      regionId,
      month: month(),
      prices: { ...PRICES, peak: 2 },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().msg).toContain(month());
    expect((await post('/api/revenue/proxy/price/delete', { id: thisMonth })).statusCode).toBe(409);
    const [listed] = await prices(regionId);
    expect(listed).toMatchObject({ month: month(), locked: true, prices: PRICES });

    const next = await post('/api/revenue/proxy/price/add', { regionId, month: month(1), prices: PRICES });
    const nextId = next.json().data.id as number;
    const peak = await post('/api/revenue/proxy/price/update', {
      id: nextId,
      regionId,
      month: month(1),
      prices: { ...PRICES, peak: 1.5 },
    });
    expect(peak.statusCode).toBe(200);
    // Its cut priced a lived month: it stays; the region's name may change.
    const cut = await post('/api/revenue/proxy/region/update', {
      ...region('JS-1'),
      id: regionId,
      segments: EXAMPLE_TOU_SEGMENTS,
    });
    expect(cut.statusCode).toBe(409);
    const renamed = await post('/api/revenue/proxy/region/update', {
      ...region('JS-1'),
      id: regionId,
      name: 'Jiangsu 1-10 kV',
    });
    expect(renamed.statusCode).toBe(200);
    const gone = await post('/api/revenue/proxy/region/delete', { id: regionId });
    expect(gone.statusCode).toBe(409);
  });

  it('a month with no price leaves the days unpriced, and the screen says so', async () => {
    await ctx.database.db
      .insert(stationTouTemplates)
      .values({ stationId, proxyRegionId: regionId, validFrom: addDays(today(), 40) });
    const held = (await post('/api/business/rate/station', { stationId })).json().data as RateStationTemplates;
    // A later start of the same region is a row of its own; today is still this month's price.
    expect(held.proxyToday?.prices).toEqual(PRICES);
    const income = (
      await post('/api/business/openStation/incomeData', {
        stationId,
        from: addDays(today(), -1),
        to: addDays(today(), -1),
      })
    ).json().data as IncomeResult;
    // Yesterday was priced by the template before, not the region.
    expect(income.days[0]?.templateId ?? 0).toBeGreaterThan(0);
  });
});

describe('importing monthly prices', () => {
  it('writes nothing when a row is bad and names each row', async () => {
    const file = await workbook([
      ['JS-1', month(2), 1, 0.9, 0.6, 0.3, 0.2, 'CNY', 'ok'],
      ['NOPE', month(2), 1, 0.9, 0.6, 0.3, 0.2, null, null],
      ['JS-1', '2026-13', 1, 0.9, 0.6, 0.3, 0.2, null, null],
      ['JS-1', month(3), 'x', 0.9, 0.6, 0.3, 0.2, null, null],
      ['JS-1', month(2), 1, 0.9, 0.6, 0.3, 0.2, null, null],
      ['JS-1', month(), 9, 9, 9, 9, 9, null, null],
    ]);
    const res = await post('/api/revenue/proxy/price/import', { file });
    expect(res.statusCode).toBe(200);
    const result = res.json().data as ProxyImportResult;
    expect(result.errors.map((e) => e.row)).toEqual([3, 4, 5, 6]);
    expect(result.errors[0]?.message).toContain('NOPE');
    expect(result).toMatchObject({ added: 0, updated: 0 });
    expect((await prices((await regions('JS-1'))[0]?.id ?? 0)).map((p) => p.month).sort()).toEqual([month(), month(1)]);
  });

  it('refuses a lived month that would change, then imports every good row', async () => {
    const regionId = (await regions('JS-1'))[0]?.id ?? 0;
    const locked = await post('/api/revenue/proxy/price/import', {
      file: await workbook([['JS-1', month(), 9, 9, 9, 9, 9, null, null]]),
    });
    expect((locked.json().data as ProxyImportResult).errors.map((e) => e.row)).toEqual([2]);
    const ok = await post('/api/revenue/proxy/price/import', {
      file: await workbook([
        ['JS-1', month(2), 1, 0.9, 0.6, 0.3, 0.2, 'CNY', 'notice 2'],
        ['JS-1', month(1), 1, 0.8, 0.6, 0.3, 0.2, 'CNY', 'notice 1'],
        // The lived month as it is: no change, no error.
        ['JS-1', month(), PRICES.sharp, PRICES.peak, PRICES.flat, PRICES.valley, PRICES.deepValley, 'CNY', 'notice'],
      ]),
    });
    expect(ok.json().data).toEqual({ added: 1, updated: 1, errors: [] });
    const listed = await prices(regionId);
    expect(listed.find((p) => p.month === month(1))?.prices.peak).toBe(0.8);
    // The export reads back in the import's columns.
    const out = await post('/api/revenue/proxy/price/export', { regionId });
    expect(out.statusCode).toBe(200);
    const again = await post('/api/revenue/proxy/price/import', { file: out.rawPayload.toString('base64') });
    expect(again.json().data).toEqual({ added: 0, updated: 0, errors: [] });
  });

  it('refuses a file that is no workbook, or one that would inflate past its cap, before reading it', async () => {
    const text = await post('/api/revenue/proxy/price/import', {
      file: Buffer.from('region,month\n').toString('base64'),
    });
    expect(text.statusCode).toBe(400);
    const file = Buffer.from(await workbook([['JS-1', month(5), 1, 1, 1, 1, 1, null, null]]), 'base64');
    const bomb = await withSpaces(file, 64);
    const big = await post('/api/revenue/proxy/price/import', { file: bomb.toString('base64') });
    expect(big.statusCode).toBe(413);
    const regionId = (await regions('JS-1'))[0]?.id ?? 0;
    expect((await prices(regionId)).some((p) => p.month === month(5))).toBe(false);
  });
});
