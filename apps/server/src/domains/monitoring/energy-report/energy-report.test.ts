import { EXAMPLE_TOU_PRICES, EXAMPLE_TOU_SEGMENTS, localDayStart, periodAt, type TouPeriod } from '@ess/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../../stations/device/sessions.kit';
import { pointIdOf, writeQuarter } from '../../stations/point/telemetry-fixtures.kit';
import { useExampleTariff } from '../rate/tariff-fixtures.kit';

const URL = '/api/business/openStation/incomeExport';
const TZ = 'Asia/Shanghai';
const QUARTER = 900_000;
const DAY = '2024-03-05';
let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

/** 2 kWh charged every valley quarter, 3 kWh discharged every peak quarter (example template). */
const chargeInc = (i: number) => (periodAt(EXAMPLE_TOU_SEGMENTS, i * 15) === 'valley' ? 2 : 0);
const dischargeInc = (i: number) => (periodAt(EXAMPLE_TOU_SEGMENTS, i * 15) === 'peak' ? 3 : 0);

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  // Its expected revenue is derived from the example template (the seed gives province tariffs).
  await useExampleTariff(ctx.database.db, ['GD-GZ01']);
  const db = ctx.database.db;
  const charge = await pointIdOf(db, 'GD-GZ01-MTR-ES', 'reverseEnergy');
  const discharge = await pointIdOf(db, 'GD-GZ01-MTR-ES', 'forwardEnergy');
  const start = localDayStart(DAY, TZ);
  await writeQuarter(db, charge, start - QUARTER, 100, 100);
  await writeQuarter(db, discharge, start - QUARTER, 50, 50);
  let c = 100;
  let d = 50;
  for (let i = 0; i < 96; i++) {
    await writeQuarter(db, charge, start + i * QUARTER, c, c + chargeInc(i));
    await writeQuarter(db, discharge, start + i * QUARTER, d, d + dischargeInc(i));
    c += chargeInc(i);
    d += dischargeInc(i);
  }
}, 300_000);
afterAll(() => ctx?.close());

const body = (format: 'csv' | 'xlsx', extra: object = {}) => ({
  stationId: sid('GD-GZ01'),
  from: '2024-03-03',
  to: DAY,
  format,
  ...extra,
});

describe('charge-discharge export (incomeExport)', () => {
  it('sends a CSV of the days by TOU period with a total row, periods summing to the day', async () => {
    const res = await call(ctx.app, tokens.maintainer, 'POST', URL, body('csv'), 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('GD-GZ01-charge-discharge-2024-03-03_2024-03-05.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The example template cuts the day into peak, flat and valley only.
    expect(lines[0]).toBe(
      [
        // The station's dates: the header names its zone.
        '"Date (Asia/Shanghai, UTC+08:00)"',
        'Peak charged (kWh)',
        'Peak discharged (kWh)',
        'Flat charged (kWh)',
        'Flat discharged (kWh)',
        'Valley charged (kWh)',
        'Valley discharged (kWh)',
        'Charged (kWh)',
        'Discharged (kWh)',
        'Revenue (CNY)',
      ].join(','),
    );
    // A day without readings has empty cells; the day before holds only the baseline reading.
    expect(lines[1]).toBe('2024-03-03,,,,,,,,,');
    expect(lines[2]).toBe('2024-03-04,0,0,0,0,0,0,0,0,0');
    // 32 valley quarters × 2 kWh charged, 28 peak quarters × 3 kWh discharged.
    const revenue = 84 * 0.6 - 64 * 0.1;
    expect(lines[3]).toBe(`${DAY},0,84,0,0,64,0,64,84,${revenue}`);
    expect(lines[4]).toBe(`Total,0,84,0,0,64,0,64,84,${revenue}`);
    expect(lines).toHaveLength(5);
  });

  it('sends an Excel workbook with the days, the months and the price template, in the caller’s language', async () => {
    const res = await call(ctx.app, tokens.admin, 'POST', URL, body('xlsx'), 'zh_CN');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    const raw = res.rawPayload;
    await book.xlsx.load(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer);
    const [days, months, template] = book.worksheets;
    expect(days?.getRow(1).getCell(1).value).toBe('日期 (Asia/Shanghai, UTC+08:00)');
    expect(months?.getRow(1).getCell(1).value).toBe('月份 (Asia/Shanghai, UTC+08:00)');
    expect(days?.getRow(4).values).toEqual([undefined, DAY, 0, 84, 0, 0, 64, 0, 64, 84, 44]);
    expect(days?.getRow(5).getCell(1).value).toBe('合计');
    expect(months?.getRow(2).values).toEqual([undefined, '2024-03', 64, 84, 44]);
    expect(template?.name).toContain('电价模板');
    expect(template?.getRow(2).values).toEqual([undefined, '峰', '08:00-11:00, 17:00-21:00', 0.6]);
  });

  it('warns (60000) when the range has no readings, and checks the range', async () => {
    const empty = await call(ctx.app, tokens.admin, 'POST', URL, body('csv', { from: '2023-01-01', to: '2023-01-31' }));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ code: 60000, msg: '没有可导出的数据' });
    const reversed = await call(ctx.app, tokens.admin, 'POST', URL, body('csv', { from: DAY, to: '2024-03-01' }));
    expect(reversed.statusCode).toBe(400);
    const format = await call(ctx.app, tokens.admin, 'POST', URL, body('pdf' as 'csv'));
    expect(format.statusCode).toBe(400);
  });

  it('needs surveillance:charge:export and the station in scope', async () => {
    for (const role of ROLES) {
      for (const code of ['JS-NJ01', 'GD-GZ01']) {
        const res = await call(ctx.app, tokens[role], 'POST', URL, body('csv', { stationId: sid(code) }));
        // The screen account holds no export button; a station without readings answers 60000.
        const expected = role === 'screen' ? 403 : sees(role, code) ? 200 : 404;
        expect(res.statusCode, `${role} ${code}`).toBe(expected);
      }
    }
  });
});

const EARNINGS_URL = '/api/business/openStation/earningsExport';
/** The fixture day's energy in one TOU period (every period when none is named). */
const dayEnergy = (inc: (i: number) => number, period?: TouPeriod) =>
  Array.from({ length: 96 }, (_, i) => i).reduce(
    (s, i) => s + (period === undefined || periodAt(EXAMPLE_TOU_SEGMENTS, i * 15) === period ? inc(i) : 0),
    0,
  );
const cents = (v: number) => Math.round(v * 100) / 100;
const periodRevenue = (p: TouPeriod) =>
  dayEnergy(dischargeInc, p) * EXAMPLE_TOU_PRICES[p] - dayEnergy(chargeInc, p) * EXAMPLE_TOU_PRICES[p];
/** The example template cuts the day into these periods (the file lists them in this order). */
const SHOWN: TouPeriod[] = ['peak', 'flat', 'valley'];
const dayRevenue = SHOWN.reduce((s, p) => s + periodRevenue(p), 0);

/** A workbook answer read back with ExcelJS. */
async function workbook(raw: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer);
  return book;
}

describe('earnings glance export (earningsExport)', () => {
  it('sends a CSV of revenue per station day with a total row, the date header naming the zone', async () => {
    const res = await call(ctx.app, tokens.maintainer, 'POST', EARNINGS_URL, body('csv'), 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('GD-GZ01-earnings-2024-03-03_2024-03-05.csv');
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
    expect(header).toEqual(['"Date (Asia/Shanghai, UTC+08:00)"', 'Charged (kWh)', 'Discharged (kWh)', 'Revenue (CNY)']);
    // Chronological like the charge-discharge file; a day without readings has empty cells.
    expect(rows.map((r) => r[0])).toEqual(['2024-03-03', '2024-03-04', DAY, 'Total']);
    expect(rows[0]).toEqual(['2024-03-03', '', '', '']);
    expect(rows[1]?.slice(1).map(Number)).toEqual([0, 0, 0]);
    const expected = [dayEnergy(chargeInc), dayEnergy(dischargeInc), cents(dayRevenue)];
    for (const r of [rows[2], rows[3]]) {
      const [charge, discharge, revenue] = (r ?? []).slice(1).map(Number);
      expect([charge, discharge]).toEqual(expected.slice(0, 2));
      expect(revenue).toBeCloseTo(expected[2] ?? Number.NaN, 2);
    }
  });

  it('sends an Excel workbook with days, months, revenue per TOU period with its price, and the template', async () => {
    const res = await call(ctx.app, tokens.admin, 'POST', EARNINGS_URL, body('xlsx'), 'zh_CN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('GD-GZ01-earnings-2024-03-03_2024-03-05.xlsx');
    const book = await workbook(res.rawPayload);
    const [days, months, periods, template] = book.worksheets;
    expect(book.worksheets).toHaveLength(4);
    expect(days?.getRow(1).getCell(1).value).toBe('日期 (Asia/Shanghai, UTC+08:00)');
    expect(days?.getRow(4).getCell(1).value).toBe(DAY);
    expect(days?.getRow(4).getCell(4).value).toBeCloseTo(dayRevenue, 2);
    expect(days?.getRow(5).getCell(1).value).toBe('合计');
    expect(months?.getRow(1).getCell(1).value).toBe('月份 (Asia/Shanghai, UTC+08:00)');
    expect(months?.getRow(2).getCell(1).value).toBe('2024-03');
    expect(months?.getRow(2).getCell(4).value).toBeCloseTo(dayRevenue, 2);
    expect(periods?.name).toBe('分时段收益');
    expect(periods?.getRow(1).values).toEqual([
      undefined,
      '时段',
      '总充电量 (kWh)',
      '总放电量 (kWh)',
      '电价 (CNY/kWh)',
      '收益 (CNY)',
    ]);
    const names: Record<string, string> = { peak: '峰', flat: '平', valley: '谷' };
    SHOWN.forEach((p, i) => {
      const row = periods?.getRow(2 + i);
      expect(row?.getCell(1).value, p).toBe(names[p]);
      expect(row?.getCell(2).value, p).toBe(dayEnergy(chargeInc, p));
      expect(row?.getCell(3).value, p).toBe(dayEnergy(dischargeInc, p));
      expect(row?.getCell(4).value, p).toBe(EXAMPLE_TOU_PRICES[p]);
      expect(row?.getCell(5).value, p).toBeCloseTo(periodRevenue(p), 2);
    });
    const total = periods?.getRow(2 + SHOWN.length);
    expect(total?.getCell(1).value).toBe('合计');
    expect(total?.getCell(5).value).toBeCloseTo(dayRevenue, 2);
    expect(template?.name).toContain('电价模板');
  });

  it('warns (60000) without readings, and needs surveillance:charge:export and the station in scope', async () => {
    const empty = await call(
      ctx.app,
      tokens.admin,
      'POST',
      EARNINGS_URL,
      body('csv', { from: '2023-01-01', to: '2023-01-31' }),
    );
    expect(empty.json()).toMatchObject({ code: 60000, msg: '没有可导出的数据' });
    for (const role of ROLES) {
      for (const code of ['JS-NJ01', 'GD-GZ01']) {
        const res = await call(ctx.app, tokens[role], 'POST', EARNINGS_URL, body('csv', { stationId: sid(code) }));
        const expected = role === 'screen' ? 403 : sees(role, code) ? 200 : 404;
        expect(res.statusCode, `${role} ${code}`).toBe(expected);
      }
    }
  });
});
