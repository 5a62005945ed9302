import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { type DefinitionRow, ResultCode, translate, WORKORDER_LIMITS } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { ARCHIVE_CAPS } from '../../../lib/archive-guard';
import { serverRoot } from '../../../server-root';
import { craftZip, deflatedEntry } from '../../../test/crafted-zip';
import { bearer, call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { multipartBody } from '../../platform/files/files.kit';

let ctx: TestContext;
let admin: string;
let operator: string;
let station: number;
let operatorId: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  station = (await stationIdLookup(ctx.database.db))('JS-SZ01');
  const rows = await ctx.database.db.select({ id: users.id, username: users.username }).from(users);
  operatorId = rows.find((r) => r.username === 'operator')?.id ?? Number.NaN;
});
afterAll(() => ctx?.close());

const post = (token: string, p: string, body: object) =>
  call(ctx.app, token, 'POST', `/api/workorder/${p}`, body, 'en_US');
const faultXml = readFileSync(path.join(serverRoot, 'processes', 'fault-repair.bpmn'), 'utf8');
/** The import as the web sends it: multipart/form-data with the one part `file`. */
const importFile = (fileName: string, data: Buffer, { token = admin, lang = 'en_US' } = {}) => {
  const body = multipartBody({}, { name: fileName, data });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/workorder/definition/import',
    payload: body.payload,
    headers: { ...bearer(token, lang), 'content-type': body.contentType },
  });
};
const upload = (fileName: string, xml: string) => importFile(fileName, Buffer.from(xml));
const definitions = async (): Promise<DefinitionRow[]> =>
  (await post(admin, 'definition/page', { pageNum: 1, pageSize: 50 })).json().data.rows;

const ZEROS = Buffer.alloc(4 * 1024 * 1024);

async function openOrder(): Promise<number> {
  const res = await post(operator, 'order/add', {
    title: 'Fan fault',
    orderType: 1,
    stationId: station,
    executors: [{ userId: operatorId }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const definitionOf = async (orderId: number): Promise<number> =>
  (await call(ctx.app, operator, 'GET', `/api/workorder/order/${orderId}`)).json().data.definitionId;

describe('process definitions', () => {
  it('ships fault repair, inspection and cleaning, named in the reader’s language', async () => {
    const rows = await definitions();
    expect(rows.map((r) => [r.key, r.version, r.name, r.builtIn]).sort()).toEqual([
      ['fault_repair', 1, 'Fault repair', true],
      ['station_cleaning', 1, 'Station cleaning', true],
      ['station_inspection', 1, 'Station inspection', true],
    ]);
    const fault = rows.find((r) => r.key === 'fault_repair');
    const detail = (await post(admin, 'definition/detail', { id: fault?.id })).json().data;
    expect(detail.xml).toBe(faultXml);
    expect(detail.userTasks.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([
      ['allocate', 'Allocate'],
      ['accept', 'Accept'],
      ['handle', 'Repair'],
      ['review', 'Review'],
    ]);
  });

  it('refuses what it cannot run, before anything is stored', async () => {
    const script = faultXml.replace(
      '<endEvent id="end" name="Closed" />',
      '<scriptTask id="s1" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask><endEvent id="end" name="Closed" />',
    );
    const refused: [string, string, RegExp][] = [
      ['bad.bpmn', '<definitions><process', /not well-formed|malformed|XML/i],
      ['script.bpmn', script, /would run code/],
      ['fault.txt', faultXml, /Only these files/],
      // A flow without the route naming rule: the engine could not tell where an action leads.
      ['noroute.bpmn', faultXml.replace('content.output.allocate}', 'content.output.go.x}'), /Invalid process/],
    ];
    for (const [name, xml, msg] of refused) {
      const res = await upload(name, xml);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toMatch(msg);
    }
    expect((await definitions()).length).toBe(3);
    // A .bar holding the file deploys like the file itself.
    const bar = craftZip([deflatedEntry('fr2.bpmn', Buffer.from(faultXml.replace('id="fault_repair"', 'id="fr2"')))]);
    const other = await importFile('fr2.bar', bar);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ key: 'fr2', version: 1 });
    expect((await importFile('a.bpmn', Buffer.from(faultXml), { token: operator })).statusCode).toBe(403);
  });

  it('takes the file as a multipart upload, judged before it is inflated, refused in the reader’s language', async () => {
    const before = (await definitions()).length;
    const mb = WORKORDER_LIMITS.definitionBytes / (1024 * 1024);
    const refusals: [string, Buffer, number, string][] = [
      // Past the cap: the stream stops there, the rest is not read.
      [
        'huge.bpmn',
        Buffer.alloc(WORKORDER_LIMITS.definitionBytes + 1, 0x20),
        413,
        translate('en_US', 'processTooLarge', { max: `${mb} MB` }),
      ],
      // 4 MB of zeros deflated about 1,000:1: refused from the central directory, before inflating.
      [
        'bomb.zip',
        craftZip([{ ...deflatedEntry('bomb.bpmn', ZEROS), body: deflateRawSync(ZEROS, { level: 9 }) }]),
        413,
        translate('en_US', 'archiveRatio', { max: ARCHIVE_CAPS.processArchive.ratioMax }),
      ],
      [
        'climb.zip',
        craftZip([deflatedEntry('../../evil.bpmn', Buffer.from(faultXml))]),
        400,
        translate('en_US', 'archiveUnsafeEntry'),
      ],
      ['empty.bpmn', Buffer.alloc(0), 400, translate('en_US', 'fileEmpty')],
    ];
    for (const [name, data, status, msg] of refusals) {
      const res = await importFile(name, data);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toEqual({ code: status === 413 ? ResultCode.PAYLOAD_TOO_LARGE : 400, msg, data: null });
    }
    // The reader's language: a file of another kind, refused by its name before a byte is read.
    const zh = await importFile('fault.txt', Buffer.from(faultXml), { lang: 'zh_CN' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe(translate('zh_CN', 'processFileType', { types: '.bpmn, .bpmn20.xml, .bar, .zip' }));

    // No file part, or a JSON body (the base64 import is gone).
    const noFile = multipartBody({}, null);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/workorder/definition/import',
      payload: noFile.payload,
      headers: { ...bearer(admin, 'en_US'), 'content-type': noFile.contentType },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(translate('en_US', 'fileMissing'));
    const json = await post(admin, 'definition/import', { fileName: 'a.bpmn', file: faultXml });
    expect(json.statusCode).toBe(415);
    expect((await definitions()).length).toBe(before);
  });

  it('versions by key: new orders take the newest active version, running ones keep theirs', async () => {
    const before = await openOrder();
    const v1 = await definitionOf(before);
    const imported = (await upload('fault-repair.bpmn20.xml', faultXml)).json().data;
    expect(imported).toMatchObject({ key: 'fault_repair', version: 2 });
    const after = await openOrder();
    expect(await definitionOf(after)).toBe(imported.id);
    // The older order goes on on version 1.
    const step = await post(operator, 'order/action', { id: before, action: 'allocate' });
    expect(step.json().data.status).toBe(1);
    expect(await definitionOf(before)).toBe(v1);

    // Suspended: no new orders on it, the previous version takes them.
    expect((await post(admin, 'definition/suspend', { id: imported.id })).statusCode).toBe(200);
    expect(await definitionOf(await openOrder())).toBe(v1);
    expect((await post(admin, 'definition/activate', { id: imported.id })).statusCode).toBe(200);

    // Deleted only without running orders.
    const busy = await post(admin, 'definition/delete', { id: v1 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toMatch(/cannot be deleted/);
  });
});

describe('templates, alarm rules and schedules', () => {
  it('adds, changes and deletes a template; one in use by a rule stays', async () => {
    const body = {
      name: 'Urgent repair',
      orderType: 1,
      definitionKey: 'fault_repair',
      executorPostIds: [],
      executorUserIds: [operatorId],
      slaHours: 4,
      formFields: [{ key: 'rack', label: 'Rack', type: 'text', required: true }],
      enabled: true,
    };
    const id = (await post(admin, 'template/add', body)).json().data.id;
    expect((await post(admin, 'template/add', { ...body, definitionKey: 'nope' })).statusCode).toBe(400);
    expect((await post(admin, 'template/update', { ...body, id, slaHours: 8 })).statusCode).toBe(200);
    const rows = (await post(admin, 'template/page', { pageNum: 1, pageSize: 50 })).json().data.rows;
    expect(rows.find((r: { id: number }) => r.id === id)).toMatchObject({
      slaHours: 8,
      definitionName: 'Fault repair',
    });

    const rule = await post(admin, 'rule/save', { stationId: station, minLevel: 2, templateId: id, enabled: true });
    expect(rule.statusCode, rule.body).toBe(200);
    expect((await post(admin, 'template/delete', { id })).statusCode).toBe(409);
    const ruleRows = (await post(admin, 'rule/page', { pageNum: 1, pageSize: 10 })).json().data.rows;
    expect(ruleRows).toEqual([
      expect.objectContaining({ stationId: station, minLevel: 2, templateName: 'Urgent repair' }),
    ]);
    expect((await post(admin, 'rule/delete', { id: rule.json().data.id, stationId: station })).statusCode).toBe(200);
    expect((await post(admin, 'template/delete', { id })).statusCode).toBe(200);
  });

  it('keeps schedules to valid cron expressions and plans the first run', async () => {
    const [template] = (await post(admin, 'template/page', { pageNum: 1, pageSize: 1, orderType: 2 })).json().data.rows;
    const body = {
      stationId: station,
      orderType: 2,
      cron: '0 8 * * 1',
      templateId: template.id,
      title: 'Weekly',
      enabled: true,
    };
    expect((await post(admin, 'schedule/save', { ...body, cron: '61 8 * * 1' })).statusCode).toBe(400);
    const saved = await post(admin, 'schedule/save', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = (await post(admin, 'schedule/page', { pageNum: 1, pageSize: 10 })).json().data.rows;
    expect(row.nextRunAt).toBeGreaterThan(Date.now());
    // Monday 08:00 on the station's clock (Asia/Shanghai: 00:00 UTC).
    expect(new Date(row.nextRunAt).getUTCHours()).toBe(0);
    expect(new Date(row.nextRunAt).getUTCDay()).toBe(1);
  });
});
