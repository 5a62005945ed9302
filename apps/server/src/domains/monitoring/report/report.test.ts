import type { IncomeResult, StationReport } from '@ess/contract';
import { addDays, localDateOf, localDayStart } from '@ess/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../../stations/device/sessions.kit';
import { rebuildDaysFromQuarters } from '../../stations/point/rollups-from-raw.kit';
import { pointIdOf, writeSamples } from '../../stations/point/telemetry-fixtures.kit';
import { useExampleTariff } from '../rate/tariff-fixtures.kit';
import { heartbeatPoints } from './report.repository';

const TZ = 'Asia/Shanghai';
const Q = 900_000;
const D1 = '2024-03-10';
const D2 = '2024-03-11';
const D3 = '2024-04-02';
/** The storage meter's first report after a month of silence comes at noon: a partial day; then a whole one. */
const D4 = '2024-05-01';
const D5 = '2024-05-02';
const STATION = 'GD-GZ01';
const URL = '/api/business/stationReport';

let ctx: TestContext;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
let devicesCounted: number;

/** Writes a counter's quarter-hours of `date` (one statement): `inc(i)` kWh in quarter i, none where null. */
async function counterDay(pointId: number, date: string, start: number, inc: (i: number) => number | null) {
  const midnight = localDayStart(date, TZ);
  const rows: { b: number; first: number; last: number }[] = [];
  let v = start;
  for (let i = 0; i < 96; i++) {
    const d = inc(i);
    if (d === null) continue;
    rows.push({ b: midnight + i * Q, first: v, last: v + d });
    v += d;
  }
  await insertQuarters(pointId, rows);
  return v;
}

async function insertQuarters(pointId: number, rows: { b: number; first: number; last: number }[]) {
  if (rows.length === 0) return;
  const list = (xs: number[]) => `{${xs.join(',')}}`;
  await ctx.database.db.execute(sql`
    insert into ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
    select ${pointId}, to_timestamp(b / 1000.0), least(f, l), greatest(f, l), f + l, 2, f,
      to_timestamp(b / 1000.0 + 10), l, to_timestamp(b / 1000.0 + 890)
    from unnest(${list(rows.map((r) => r.b))}::float8[], ${list(rows.map((r) => r.first))}::float8[],
                ${list(rows.map((r) => r.last))}::float8[]) as x(b, f, l)
    on conflict do nothing`);
}

/** A baseline reading in the quarter before `date`, so the day counts from it. */
const baseline = (pointId: number, date: string, v: number) =>
  insertQuarters(pointId, [{ b: localDayStart(date, TZ) - Q, first: v, last: v }]);

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  // Its expected revenue is derived from the example template (the seed gives province tariffs).
  await useExampleTariff(ctx.database.db, ['GD-GZ01']);
  const db = ctx.database.db;
  const id = (sn: string, code: string) => pointIdOf(db, `${STATION}-${sn}`, code);
  const charge = await id('MTR-ES', 'reverseEnergy');
  const discharge = await id('MTR-ES', 'forwardEnergy');
  const pv = await id('MTR-PV', 'forwardEnergy');
  const load = await id('MTR-LD', 'forwardEnergy');
  const gridIn = await id('MTR-GW', 'forwardEnergy');
  const gridOut = await id('MTR-GW', 'reverseEnergy');
  for (const [p, v] of [
    [charge, 1000],
    [discharge, 2000],
    [pv, 500],
    [load, 10_000],
    [gridIn, 7000],
    [gridOut, 30],
  ] as const)
    await baseline(p, D1, v);

  // Charge 10 kWh a quarter in the valley (00:00–08:00), discharge 8 kWh a quarter at the morning peak.
  const chargeInc = (i: number) => (i < 32 ? 10 : 0);
  const dischargeInc = (i: number) => (i >= 32 && i < 44 ? 8 : 0);
  let c = await counterDay(charge, D1, 1000, chargeInc);
  let d = await counterDay(discharge, D1, 2000, dischargeInc);
  c = await counterDay(charge, D2, c, chargeInc);
  d = await counterDay(discharge, D2, d, dischargeInc);
  // April: 100 kWh charged in its first quarter, nothing discharged.
  await counterDay(charge, D3, c, (i) => (i === 0 ? 100 : null));
  await counterDay(discharge, D3, d, (i) => (i === 0 ? 0 : null));
  // May 1 from noon: 3,280 kWh charged, 5,904 discharged (what was charged before the meter read).
  // May 2 whole: 320 kWh charged in the valley, 288 discharged at the peak — 90 %.
  const mayC = await counterDay(charge, D4, c + 100, (i) => (i < 48 ? null : i < 88 ? 82 : 0));
  const mayD = await counterDay(discharge, D4, d, (i) => (i < 48 ? null : 123));
  await counterDay(charge, D5, mayC, chargeInc);
  await counterDay(discharge, D5, mayD, (i) => (i >= 32 && i < 44 ? 24 : 0));
  // PV 5 kWh a quarter 08:00–16:00 on D1 only; load 20 a quarter; grid import 12 a quarter, export 1 at 12:30.
  await counterDay(pv, D1, 500, (i) => (i >= 32 && i < 64 ? 5 : 0));
  const l = await counterDay(load, D1, 10_000, () => 20);
  await counterDay(load, D2, l, () => 20);
  const g = await counterDay(gridIn, D1, 7000, () => 12);
  // D2's first ten quarters are missing: their import lands in the first quarter after the gap.
  await counterDay(gridIn, D2, g + 120, (i) => (i < 10 ? null : 12));
  await counterDay(gridOut, D1, 30, (i) => (i === 50 ? 1 : 0));
  await rebuildDaysFromQuarters(db, [charge, discharge, pv, load, gridIn, gridOut], TZ);

  // Station SOC (the totals device) over the two days.
  const soc = await id('VIRT', 'soc');
  const at = (date: string, h: number) => localDayStart(date, TZ) + h * 3_600_000;
  await writeSamples(
    db,
    [
      { pointId: soc, ts: at(D1, 1), value: 55 },
      { pointId: soc, ts: at(D1, 7), value: 80 },
      { pointId: soc, ts: at(D1, 11), value: 20 },
      { pointId: soc, ts: at(D2, 7), value: 60 },
      { pointId: soc, ts: at(D2, 11), value: 30 },
    ],
    TZ,
  );

  // Every device reports all of D1, except one that stops at noon; then nothing.
  const beats = await heartbeatPoints(db, sid(STATION));
  devicesCounted = beats.length;
  for (const [k, p] of beats.entries()) {
    const n = k === beats.length - 1 ? 48 : 96;
    const rows = Array.from({ length: n }, (_, i) => ({ b: localDayStart(D1, TZ) + i * Q, first: 1, last: 1 }));
    await insertQuarters(p, rows);
  }
}, 300_000);
afterAll(() => ctx?.close());

const report = async (role: Role, body: object, lang = 'en_US') => {
  const res = await call(ctx.app, tokens[role], 'POST', `${URL}/statistics`, body, lang);
  return { status: res.statusCode, body: res.json() as { code: number; data: StationReport } };
};

const daily = async (from = D1, to = D2, role: Role = 'maintainer') => {
  const r = await report(role, { stationId: sid(STATION), granularity: 'day', from, to });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

describe('station statistics report', () => {
  it('counts one heartbeat point per real device', () => {
    // GD-GZ01: EMS, cabinets, four meters, PV inverters, piles — every real device once.
    expect(devicesCounted).toBeGreaterThan(6);
  });

  it('reports each day from counter differences, SOC roll-ups and device heartbeats', async () => {
    const r = await daily();
    expect(r).toMatchObject({ stationCode: STATION, granularity: 'day', from: D1, to: D2, timezone: TZ });
    expect(r.deviceCount).toBe(devicesCounted);
    expect(r.rows.map((x) => x.period)).toEqual([D1, D2]);
    const [a, b] = r.rows;
    expect(a).toMatchObject({
      hasData: true,
      chargeKwh: 320,
      dischargeKwh: 96,
      pvKwh: 160,
      loadKwh: 1920,
      gridImportKwh: 1152,
      gridExportKwh: 1,
      socMin: 20,
      socMax: 80,
    });
    expect(a?.efficiency).toBeCloseTo(30, 9);
    expect(a?.onlineRate).toBeCloseTo(((devicesCounted * 96 - 48) / (devicesCounted * 96)) * 100, 9);
    // D2: no PV readings at all (null, not zero); the import gap telescopes into the day's total.
    expect(b).toMatchObject({ chargeKwh: 320, dischargeKwh: 96, pvKwh: null, loadKwh: 1920, gridImportKwh: 1152 });
    expect(b).toMatchObject({ socMin: 30, socMax: 60, onlineRate: 0, gridExportKwh: null });
    expect(r.total).toMatchObject({ period: 'total', chargeKwh: 640, dischargeKwh: 192, pvKwh: 160, loadKwh: 3840 });
    expect(r.total).toMatchObject({ socMin: 20, socMax: 80 });
    expect(r.total.efficiency).toBeCloseTo(30, 9);
  });

  it('prices charge and discharge with the station’s TOU template, exactly as incomeData', async () => {
    const r = await daily();
    // Valley charge at 0.1, peak discharge at 0.6.
    expect(r.rows[0]?.revenue).toBeCloseTo(96 * 0.6 - 320 * 0.1, 6);
    const income = await call(ctx.app, tokens.admin, 'POST', '/api/business/openStation/incomeData', {
      stationId: sid(STATION),
      from: D1,
      to: D2,
    });
    const days = (income.json().data as IncomeResult).days;
    expect(r.rows.map((x) => [x.chargeKwh, x.dischargeKwh, x.revenue])).toEqual(
      days.map((x) => [x.chargeKwh, x.dischargeKwh, x.revenue]),
    );
    expect(r.total.revenue).toBeCloseTo(2 * (96 * 0.6 - 320 * 0.1), 6);
  });

  it('groups days by month: month sums equal their days, the total equals the months', async () => {
    const r = await report('admin', { stationId: sid(STATION), granularity: 'month', from: D1, to: D3 });
    const { rows, total } = r.body.data;
    expect(rows.map((x) => x.period)).toEqual(['2024-03', '2024-04']);
    expect(rows[0]).toMatchObject({ chargeKwh: 640, dischargeKwh: 192, pvKwh: 160, socMin: 20, socMax: 80 });
    // April counts from March's last reading, though days without readings lie between.
    // One quarter-hour of April: partial, so it has energies but no efficiency; March keeps its whole days'.
    expect(rows[1]).toMatchObject({ chargeKwh: 100, dischargeKwh: 0, efficiency: null, socMin: null, onlineRate: 0 });
    expect(rows[1]).toMatchObject({ partial: true, days: 2, wholeDays: 0 });
    expect(rows[0]).toMatchObject({ partial: true, days: 22, wholeDays: 2 });
    expect(rows[0]?.efficiency).toBeCloseTo(30, 9);
    expect(total.chargeKwh).toBe(740);
    // Every device quarter-hour since the first report counts, the silent days included.
    const days = (Date.parse(D3) - Date.parse(D1)) / 86_400_000 + 1;
    expect(total.onlineRate).toBeCloseTo(((devicesCounted * 96 - 48) / (devicesCounted * 96 * days)) * 100, 9);
  });

  it('marks a partial first day and keeps it out of efficiency: days, months and the total', async () => {
    const r = await daily(D4, D5);
    const [first, whole] = r.rows;
    expect(first).toMatchObject({ chargeKwh: 3280, dischargeKwh: 5904, partial: true, days: 1, wholeDays: 0 });
    expect(first?.efficiency).toBeNull();
    expect(first?.storageCoverage).toBeCloseTo(50, 9);
    expect(whole).toMatchObject({ chargeKwh: 320, dischargeKwh: 288, partial: false, storageCoverage: 100 });
    expect(whole?.efficiency).toBeCloseTo(90, 9);
    // The total adds every kWh, but its efficiency is the whole day's alone — not 6,192 / 3,600.
    expect(r.total).toMatchObject({ chargeKwh: 3600, dischargeKwh: 6192, partial: true, days: 2, wholeDays: 1 });
    expect(r.total.efficiency).toBeCloseTo(90, 9);
    // incomeData (the charge-discharge page) marks the same days.
    const income = await call(ctx.app, tokens.admin, 'POST', '/api/business/openStation/incomeData', {
      stationId: sid(STATION),
      from: D4,
      to: D5,
    });
    expect((income.json().data as IncomeResult).days.map((x) => x.whole)).toEqual([false, true]);
    // Today so far is partial whatever its coverage.
    const today = await daily(localDateOf(Date.now(), TZ), localDateOf(Date.now(), TZ));
    expect(today.rows[0]).toMatchObject({ partial: true, efficiency: null });
  });

  it('shows days before the first report without an online rate, and never rows after today', async () => {
    const before = await daily('2024-03-08', '2024-03-09');
    expect(before.rows.map((x) => [x.period, x.onlineRate])).toEqual([
      ['2024-03-08', null],
      ['2024-03-09', null],
    ]);
    // The baselines at 23:45 on the 9th are the first readings ever: they count from themselves.
    expect(before.rows[1]).toMatchObject({ hasData: true, chargeKwh: 0 });
    const today = localDateOf(Date.now(), TZ);
    const ahead = await daily(addDays(today, -1), addDays(today, 5));
    expect(ahead.to).toBe(today);
    expect(ahead.rows.map((x) => x.period)).toEqual([addDays(today, -1), today]);
  });

  it('answers every role within its station scope; 404 outside it', async () => {
    for (const role of ['admin', 'maintainer', 'manager', 'screen'] as const) {
      expect((await report(role, { stationId: sid(STATION), granularity: 'day', from: D1, to: D1 })).status).toBe(200);
    }
    const r = await report('operator', { stationId: sid(STATION), granularity: 'day', from: D1, to: D1 });
    expect(r.status).toBe(404);
  });

  it('refuses reversed or too long ranges and unknown granularities with 400', async () => {
    for (const body of [
      { granularity: 'day', from: D2, to: D1 },
      { granularity: 'day', from: '2022-01-01', to: '2024-01-10' },
      { granularity: 'week', from: D1, to: D2 },
      { granularity: 'day', from: '2024-02-30', to: D2 },
    ]) {
      const r = await report('admin', { stationId: sid(STATION), ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('station statistics export', () => {
  const exportAs = (role: Role, body: object, lang = 'en_US') =>
    call(ctx.app, tokens[role], 'POST', `${URL}/export`, { stationId: sid(STATION), ...body }, lang);

  it('sends CSV with a BOM, headers in the caller’s language, the days and a total line', async () => {
    const res = await exportAs('manager', { granularity: 'day', from: D1, to: D2, format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`${STATION}-daily-${D1}_${D2}.csv`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Date (Asia/Shanghai, UTC+08:00)",Charged (kWh),Discharged (kWh),Efficiency (%),PV generation (kWh),Load energy (kWh),Grid import (kWh),' +
        'Grid export (kWh),Revenue (CNY),Max SOC (%),Min SOC (%),Device online rate (%)',
    );
    expect(lines[1]?.split(',').slice(0, 8)).toEqual([D1, '320', '96', '30', '160', '1920', '1152', '1']);
    expect(lines[2]?.split(',')[4]).toBe('');
    expect(lines[3]?.split(',').slice(0, 3)).toEqual(['Total', '640', '192']);
    expect(lines).toHaveLength(4);
  });

  it('sends an Excel workbook with the monthly table in Chinese', async () => {
    const res = await exportAs('operator', { granularity: 'month', from: D1, to: D3, format: 'xlsx' }, 'zh_CN');
    // The operator sees Jiangsu only.
    expect(res.statusCode).toBe(404);
    const ok = await exportAs('admin', { granularity: 'month', from: D1, to: D3, format: 'xlsx' }, 'zh_CN');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(ok.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('月份 (Asia/Shanghai, UTC+08:00)');
    expect(sheet?.getRow(1).getCell(2).value).toBe('充电量 (kWh)');
    expect(sheet?.getRow(2).values).toEqual(expect.arrayContaining(['2024-03', 640, 192]));
    expect(sheet?.getRow(4).getCell(1).value).toBe('合计');
    expect(sheet?.getRow(4).getCell(2).value).toBe(740);
  });

  it('needs surveillance:report:export (the screen account has none) and warns when there is nothing to export', async () => {
    const denied = await exportAs('screen', { granularity: 'day', from: D1, to: D2, format: 'csv' });
    expect(denied.statusCode).toBe(403);
    const empty = await exportAs('maintainer', {
      granularity: 'day',
      from: '2023-01-01',
      to: '2023-01-02',
      format: 'csv',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ code: 60000, msg: 'No data found to export' });
  });
});
