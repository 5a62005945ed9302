import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InspectionRecordRow, RepairRecordRow, StoredFile } from '@ess/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { FileService } from '../../platform/files';
import { pngBytes, upload } from '../../platform/files/files.kit';
import { RecordService } from './records.service';

let ctx: TestContext;
let dataDir: string;
let admin: string;
let operator: string;
let maintainer: string;
let manager: string;
let js: number;
let gd: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ess-records-'));
  ctx = await createTestApp({ TELEMETRY: 'off', DATA_DIR: dataDir });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  maintainer = await login(ctx.app, 'maintainer');
  manager = await login(ctx.app, 'manager');
  const station = await stationIdLookup(ctx.database.db);
  js = station('JS-SZ01');
  gd = station('GD-SZ01');
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (token: string, url: string, body: object, lang = 'en_US') =>
  call(ctx.app, token, 'POST', `/api/workorder/${url}`, body, lang);
const T0 = Date.UTC(2026, 10, 3, 2, 30);

async function picture(token: string, stationId: number): Promise<StoredFile> {
  const res = await upload(
    ctx.app,
    token,
    { purpose: 'picture', stationId: String(stationId) },
    { name: 'rack.png', data: pngBytes() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StoredFile;
}

async function sheetRows(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('inspection records', () => {
  it('adds, lists, edits, exports and deletes a station’s records', async () => {
    const body = {
      stationId: js,
      name: 'Monthly walk',
      content: 'Fans clean, no leaks',
      recordTime: T0,
      recorder: 'Zhang',
    };
    const added = await post(operator, 'inspection-record/add', body);
    expect(added.statusCode, added.body).toBe(200);
    const row = added.json().data as InspectionRecordRow;
    expect(row).toMatchObject(body);
    await post(operator, 'inspection-record/add', { ...body, name: 'Night check', recordTime: T0 + 3_600_000 });

    const page = (await post(operator, 'inspection-record/page', { stationId: js, pageNum: 1, pageSize: 10 })).json()
      .data;
    expect(page.total).toBe(2);
    expect(page.rows.map((r: InspectionRecordRow) => r.name)).toEqual(['Night check', 'Monthly walk']);
    const found = (await post(operator, 'inspection-record/page', { stationId: js, keyword: 'walk' })).json().data;
    expect(found.rows.map((r: InspectionRecordRow) => r.id)).toEqual([row.id]);

    const edited = await post(operator, 'inspection-record/update', { ...body, id: row.id, content: 'One fan noisy' });
    expect(edited.json().data.content).toBe('One fan noisy');

    const file = await post(operator, 'inspection-record/export', { stationId: js }, 'zh_CN');
    expect(file.statusCode).toBe(200);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]?.slice(0, 2)).toEqual(['名称', '内容']);
    expect(rows[0]?.[2]).toContain('记录时间');
    // Station time (Asia/Shanghai): 02:30 UTC is 10:30.
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]?.slice(0, 16), r[3]])).toEqual([
      ['Night check', 'Fans clean, no leaks', '2026-11-03 11:30', 'Zhang'],
      ['Monthly walk', 'One fan noisy', '2026-11-03 10:30', 'Zhang'],
    ]);

    expect((await post(operator, 'inspection-record/delete', { stationId: js, id: row.id })).statusCode).toBe(200);
    expect((await post(operator, 'inspection-record/delete', { stationId: js, id: row.id })).statusCode).toBe(404);
  });

  it('holds every call to the station scope and the page’s buttons', async () => {
    const body = { stationId: gd, name: 'GD walk', content: 'ok', recordTime: T0, recorder: 'Li' };
    const gdRow = (await post(maintainer, 'inspection-record/add', body)).json().data as InspectionRecordRow;
    // Jiangsu's operator neither sees nor changes Guangdong's records, even by naming its own station.
    expect((await post(operator, 'inspection-record/page', { stationId: gd })).statusCode).toBe(404);
    expect((await post(operator, 'inspection-record/update', { ...body, id: gdRow.id })).statusCode).toBe(404);
    expect(
      (await post(operator, 'inspection-record/update', { ...body, stationId: js, id: gdRow.id })).statusCode,
    ).toBe(404);
    expect((await post(operator, 'inspection-record/delete', { stationId: js, id: gdRow.id })).statusCode).toBe(404);
    // The manager reads but writes nothing (read-only, no buttons).
    expect((await post(manager, 'inspection-record/page', { stationId: gd })).json().data.total).toBe(1);
    expect((await post(manager, 'inspection-record/add', body)).statusCode).toBe(403);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = await post(operator, 'inspection-record/add', {
      stationId: js,
      name: ' ',
      content: 'x',
      recordTime: T0,
      recorder: 'Z',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('name');
    const late = await post(operator, 'inspection-record/add', {
      stationId: js,
      name: 'n',
      content: 'x',
      recordTime: 1e16,
      recorder: 'Z',
    });
    expect(late.json().msg).toContain('recordTime');
  });
});

describe('repair records', () => {
  it('keeps pictures of the store with a record, and refuses pictures of another station', async () => {
    const [a, b] = [await picture(maintainer, gd), await picture(maintainer, gd)];
    const body = {
      stationId: gd,
      repairman: 'Li',
      location: 'PCS 2',
      content: 'Replaced fan',
      repairTime: T0,
      pictureIds: [a.id],
    };
    const added = await post(maintainer, 'repair-record/add', body);
    expect(added.statusCode, added.body).toBe(200);
    const row = added.json().data as RepairRecordRow;
    expect(row).toMatchObject({ remark: '', orderId: null, pictures: [a] });

    const moved = await post(maintainer, 'repair-record/update', {
      ...body,
      id: row.id,
      pictureIds: [b.id, a.id],
      remark: 'tested',
    });
    expect(moved.json().data.pictures).toEqual([b, a]);

    const other = await picture(admin, js);
    const refused = await post(maintainer, 'repair-record/add', { ...body, pictureIds: [other.id] });
    expect(refused.statusCode).toBe(400);
    expect((await post(maintainer, 'repair-record/add', { ...body, pictureIds: ['nope'] })).statusCode).toBe(400);

    const page = (await post(manager, 'repair-record/page', { stationId: gd })).json().data;
    expect(page.rows[0]).toMatchObject({ id: row.id, remark: 'tested' });
    const rows = await sheetRows((await post(manager, 'repair-record/export', { stationId: gd })).rawPayload);
    expect(rows[1]?.slice(0, 3)).toEqual(['Li', 'PCS 2', 'Replaced fan']);
    expect(rows[1]?.[5]).toBe('rack.png, rack.png');

    // The operator has no repair buttons; the maintainer deletes.
    expect((await post(operator, 'repair-record/add', { ...body, stationId: js, pictureIds: [] })).statusCode).toBe(
      403,
    );
    expect((await post(maintainer, 'repair-record/delete', { stationId: gd, id: row.id })).statusCode).toBe(200);
  });

  it('writes one record per finished order through the face', async () => {
    const records = new RecordService(ctx.database.db, FileService.from({ env: ctx.env, db: ctx.database.db }));
    const photo = await picture(maintainer, gd);
    const input = {
      stationId: gd,
      repairman: 'Li',
      location: 'BMS',
      content: 'Reset',
      repairTime: T0,
      orderId: 4711,
      userId: null,
      pictureIds: [photo.id],
    };
    const first = await records.addRepairRecord(input);
    const again = await records.addRepairRecord({ ...input, content: 'again' });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ orderId: 4711, pictures: [photo], content: 'Reset' });
  });
});
