import { EXAMPLE_TOU_SEGMENTS, localDayStart, periodAt } from '@ess/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../test/harness';
import { ROLES, type Role, sees, signInAll } from '../device/test-sessions';
import { pointIdOf, writeQuarter } from '../point/telemetry-fixtures';

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
