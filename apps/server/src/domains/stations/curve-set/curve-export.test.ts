import { localDateTime } from '@ess/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../device/sessions.kit';
import { deviceIdOf, pointIdOf, type Sample, writeSamples } from '../point/telemetry-fixtures.kit';

const EXPORT = '/api/business/point/pointCurveExport';
const CURVE = '/api/business/openStation/dynamicRealtimeCurve';
const DAY = 86_400_000;
/** 2024-03-01 00:00 in Shanghai. */
const T0 = Date.UTC(2024, 1, 29, 16);

let ctx: TestContext;
let tokens: Record<Role, string>;
let js: number;
let pcs: number;
let cluster: number;

/** Parses the CSV the export writes (no quoted cells in these tests). */
/** CSV lines split into cells: quoted cells (the time header, which holds a comma) unquoted. */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => (l.match(/"(?:[^"]|"")*"|[^,]+|(?<=,|^)(?=,|$)/g) ?? []).map((c) => c.replace(/^"|"$/g, '')));

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  const db = ctx.database.db;
  js = (await stationIdLookup(db))('JS-SZ01');
  pcs = await deviceIdOf(db, 'JS-SZ01-PCS-1');
  cluster = await deviceIdOf(db, 'JS-SZ01-BMS-1-1');
  const p = await pointIdOf(db, 'JS-SZ01-PCS-1', 'p');
  const v = await pointIdOf(db, 'JS-SZ01-BMS-1-1', 'cellVmax');
  // Two days every minute: PCS power and the cluster's highest cell voltage.
  const samples: Sample[] = [];
  for (let t = T0; t < T0 + 2 * DAY; t += 60_000) {
    samples.push({ pointId: p, ts: t, value: Math.round(Math.sin(t / 3_600_000) * 5000) / 10 });
    samples.push({ pointId: v, ts: t, value: 3.3 + ((t / 60_000) % 7) / 100 });
  }
  await writeSamples(db, samples);
});
afterAll(() => ctx?.close());

const body = (extra: object) => ({
  stationId: js,
  items: [
    { deviceId: pcs, code: 'p' },
    { deviceId: cluster, code: 'cellVmax' },
  ],
  from: T0,
  to: T0 + 7 * DAY,
  ...extra,
});

describe('pointCurveExport', () => {
  it("writes the chart's series as CSV: one row per bucket, average then min and max, values as the API gives them", async () => {
    const res = await call(ctx.app, tokens.operator, 'POST', EXPORT, body({ format: 'csv' }), 'en_US');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('JS-SZ01_history-curves_20240301-20240308.csv');
    const [head, ...rows] = csvRows(res.body);
    expect(head).toEqual([
      // The time column names the station's zone and offset (issue 11).
      'Time (Asia/Shanghai, UTC+08:00)',
      'PCS-1 Active power (kW)',
      'PCS-1 Active power (kW) min',
      'PCS-1 Active power (kW) max',
      'BMS-1.1 Max cell voltage (V)',
      'BMS-1.1 Max cell voltage (V) min',
      'BMS-1.1 Max cell voltage (V) max',
    ]);

    const api = (await call(ctx.app, tokens.operator, 'POST', CURVE, body({}))).json().data;
    const [power, volts] = api.series;
    expect(power.resolution).toBe('15m');
    expect(rows).toHaveLength(power.data.length);
    expect(rows).toHaveLength(2 * 96);
    rows.forEach((r, i) => {
      expect(r[0]).toBe(localDateTime(power.data[i][0], 'Asia/Shanghai'));
      expect(Number(r[1])).toBeCloseTo(power.data[i][1], 5);
      expect(Number(r[2])).toBeCloseTo(power.band[i][1], 5);
      expect(Number(r[3])).toBeCloseTo(power.band[i][2], 5);
      expect(Number(r[4])).toBeCloseTo(volts.data[i][1], 5);
    });
    expect(rows[0]?.[0]).toBe('2024-03-01 00:00:00');
  });

  it('writes Excel with a data sheet and an indicator sheet, in the request language', async () => {
    const res = await call(ctx.app, tokens.manager, 'POST', EXPORT, body({ format: 'xlsx' }), 'zh_CN');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [data, indicators] = book.worksheets;
    expect(data?.name).toBe('曲线数据');
    expect(data?.getRow(1).getCell(1).value).toBe('时间 (Asia/Shanghai, UTC+08:00)');
    expect(data?.getRow(1).getCell(2).value).toBe('PCS-1 有功功率 (kW)');
    expect(data?.rowCount).toBe(1 + 2 * 96);
    expect(indicators?.name).toBe('指标');
    expect(indicators?.getRow(2).values).toEqual([
      undefined,
      'PCS-1',
      'JS-SZ01-PCS-1',
      'p',
      '有功功率',
      'kW',
      '15m',
      900,
      'Asia/Shanghai',
    ]);
  });

  it('takes one device and its points, like pointCurve', async () => {
    const res = await call(ctx.app, tokens.admin, 'POST', EXPORT, {
      deviceId: pcs,
      points: ['p'],
      from: T0,
      to: T0 + DAY / 2,
      format: 'csv',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...rows] = csvRows(res.body);
    // Half a day of raw samples (720 < 1000): as they are, without a band.
    expect(head).toHaveLength(2);
    expect(rows).toHaveLength(721);
  });

  it('warns (60000) when the range holds no data', async () => {
    const res = await call(
      ctx.app,
      tokens.operator,
      'POST',
      EXPORT,
      body({ from: T0 - 30 * DAY, to: T0 - 20 * DAY, format: 'csv' }),
      'en_US',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 60000, msg: 'No data found to export', data: null });
  });

  it('needs the export permission and the station in scope', async () => {
    const screen = await call(ctx.app, tokens.screen, 'POST', EXPORT, body({ format: 'csv' }));
    expect(screen.statusCode).toBe(403);
    const maintainer = await call(ctx.app, tokens.maintainer, 'POST', EXPORT, body({ format: 'csv' }));
    expect(maintainer.statusCode).toBe(404);
    const device = await call(ctx.app, tokens.maintainer, 'POST', EXPORT, {
      deviceId: pcs,
      points: ['p'],
      from: T0,
      to: T0 + DAY,
      format: 'csv',
    });
    expect(device.statusCode).toBe(404);
    const badRange = await call(ctx.app, tokens.operator, 'POST', EXPORT, body({ from: T0, to: T0, format: 'csv' }));
    expect(badRange.statusCode).toBe(400);
  });
});
