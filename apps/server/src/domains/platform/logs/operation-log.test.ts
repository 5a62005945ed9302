import {
  ACTION_NAMES,
  type Endpoint,
  type EndpointName,
  endpoints,
  LANGS,
  LOG_EVENT_NAMES,
  OPERATION_LOG_PARAMS_MAX,
  OPERATION_LOG_RETENTION_DAYS,
  type OperationLogRow,
  sealSecret,
} from '@ess/contract';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { logs, roles, users } from '../../../db/schema';
import { isLoggedCall, OperationLogWriter, SELF_LOGGED } from '../../../plugins/operation-log';
import { call, createTestApp, login, publicKeyOf, type TestContext } from '../../../test/harness';
import { retentionPolicies, runRetention } from '../ops/retention';
import { logParams, REDACTED } from './log-params';
import { writeLog } from './operation-log.repository';

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
});
afterAll(() => ctx?.close());

type Page = { rows: OperationLogRow[]; total: number };
const page = async (body: object, token = admin): Promise<Page> => {
  await ctx.app.operationLog.flush();
  const res = await call(ctx.app, token, 'POST', '/api/sys/log/page', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
};
const rowsOf = async (methodName: string) => (await page({ name: methodName, pageSize: 200 })).rows;
const definition = (name: string) => ({
  name,
  deviceType: 'pcs',
  pointCode: 'igbtTemp',
  condition: 'gt',
  threshold: 90,
  holdSeconds: 0,
  deadband: 0,
  level: 3,
  content: '{device} {value}',
  enabled: true,
});

describe('which calls the operation log records', () => {
  const table = Object.entries(endpoints) as [string, Endpoint][];

  it('every mutating, personal-change, PUT and DELETE call that is not public or self-logged', () => {
    for (const [name, e] of table) {
      const a = e.access;
      const writes = !a.public && (a.mutates || a.refuseDemo || e.method === 'PUT' || e.method === 'DELETE');
      expect(isLoggedCall(name, e), name).toBe(Boolean(writes) && !SELF_LOGGED.has(name));
    }
    expect(table.filter(([n, e]) => isLoggedCall(n, e)).length).toBeGreaterThan(20);
    // Self-logged entries exist (a rename would silently log them twice).
    for (const name of SELF_LOGGED) expect(Object.keys(endpoints), name).toContain(name);
  });

  /**
   * POSTs whose path reads like a write but that the rule does not record, each with why. A new
   * write call that forgot `mutates` shows up here instead of silently going unlogged.
   */
  const UNLOGGED_WRITES: Record<string, string> = {
    clientErrorAdd: 'public error report: its own log (client errors), no caller to name',
    confirmRead: "a user's own read receipt of a message, not an administrative change",
    applyLargeScreenToken: 'issues a one-time token; signing in with it (loginToCloud) is logged',
    applyCommonLargeScreenToken: 'issues a one-time token; signing in with it (loginToCloud) is logged',
    settings: 'a read of a station\'s peak shaving settings: "settings" only begins like "set"',
    hostingSettings: 'a read of a station\'s hosting settings: "settings" only begins like "set"',
  };
  it('no unlogged call looks like a write unless listed with its reason', () => {
    // The last fixed segment of the path starts with a verb that changes something.
    const looksLikeWrite = (path: string) =>
      /^(add|update|delete|remove|save|modify|edit|reset|enable|disable|sync|import|upload|send|apply|set|confirm|change|grant|move|prune|clear|clean|push|create)/i.test(
        path
          .split('/')
          .filter((s) => s && !s.startsWith(':'))
          .at(-1) ?? '',
      );
    const unlisted = table
      .filter(([name, e]) => e.method !== 'GET' && !isLoggedCall(name, e) && !SELF_LOGGED.has(name))
      .filter(([, e]) => looksLikeWrite(e.path))
      .map(([name]) => name)
      .filter((name) => !(name in UNLOGGED_WRITES));
    expect(unlisted).toEqual([]);
  });
});

describe('operation log rows', () => {
  it('a write of another module gives exactly one row: caller, address, entry, input, status', async () => {
    const sent = definition('Logged rule');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/alarm/definition/add',
      payload: sent,
      headers: { authorization: `Bearer ${admin}` },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf('alarmDefinitionAdd');
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      name: ACTION_NAMES.alarmDefinitionAdd?.zh_CN,
      username: 'admin',
      ip: '10.1.2.3',
      method: 'POST',
      methodName: 'alarmDefinitionAdd',
      success: true,
      status: 200,
    });
    expect(JSON.parse(row?.params ?? 'null')).toMatchObject(sent);
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
    // Reads are not recorded.
    await call(ctx.app, admin, 'POST', '/api/alarm/definition/page', { pageNum: 1, pageSize: 5 });
    expect(await rowsOf('alarmDefinitionPage')).toEqual([]);
  });

  it('a sealed password in a write is redacted whole; everything else is kept as sent', async () => {
    const [operatorRow] = await ctx.database.db.select().from(users).where(eq(users.username, 'operator'));
    const password = await sealSecret(await publicKeyOf(ctx.app), 'secret-pass-9');
    const sent = {
      username: 'logged-user',
      realName: 'Logged User',
      phone: '13800138000',
      roleIds: [(await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'operator')))[0]?.id],
      deptId: operatorRow?.deptId,
    };
    const res = await call(ctx.app, admin, 'POST', '/api/sys/user/add', { ...sent, password });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf('userAdd');
    expect(rows).toHaveLength(1);
    const params = JSON.parse(rows[0]?.params ?? 'null') as Record<string, unknown>;
    expect(params).toMatchObject({ ...sent, password: REDACTED });
    for (const part of Object.values(password)) expect(rows[0]?.params).not.toContain(part);
  });

  it('failed and refused writes are recorded with success false and their status, secrets redacted', async () => {
    const secrets = { password: 'hunter2-pass', nested: { aesKey: 'k-123456', list: [{ accessToken: 'tok-999' }] } };
    const bad = await call(ctx.app, admin, 'POST', '/api/alarm/definition/add', { ...secrets, name: 'Broken' });
    expect(bad.statusCode).toBe(400);
    const refused = await call(ctx.app, operator, 'POST', '/api/alarm/definition/add', definition('Not mine'));
    expect(refused.statusCode).toBe(403);
    const rows = (await rowsOf('alarmDefinitionAdd')).filter((r) => !r.success);
    const invalid = rows.find((r) => r.status === 400);
    expect(invalid).toMatchObject({ username: 'admin', success: false });
    expect(JSON.parse(invalid?.params ?? 'null')).toEqual({
      password: REDACTED,
      nested: { aesKey: REDACTED, list: [{ accessToken: REDACTED }] },
      name: 'Broken',
    });
    for (const secret of ['hunter2-pass', 'k-123456', 'tok-999']) expect(invalid?.params).not.toContain(secret);
    // Refused before the body was read: the caller and the status are what is known.
    expect(rows.find((r) => r.status === 403)).toMatchObject({ username: 'operator', success: false });
    // Without a session nobody is named: not recorded.
    const before = (await page({})).total;
    expect((await call(ctx.app, null, 'POST', '/api/alarm/definition/add', definition('anon'))).statusCode).toBe(401);
    expect((await page({})).total).toBe(before);
  });

  it('sign-ins are recorded once, by the sign-in itself, without the password', async () => {
    const before = (await rowsOf('login')).length;
    await login(ctx.app, 'manager');
    const rows = await rowsOf('login');
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      name: LOG_EVENT_NAMES['login.success']?.zh_CN,
      username: 'manager',
      success: true,
    });
    expect(rows[0]?.params).not.toMatch(/pass|aesKey|iv/);
  });

  it('a path parameter call (DELETE) is recorded with its parameters', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/business/virtual/987654',
      headers: { authorization: `Bearer ${admin}` },
    });
    const [row] = await rowsOf('virtualDelete');
    expect(row).toMatchObject({ method: 'DELETE', status: res.statusCode, success: res.statusCode < 400 });
    expect(JSON.parse(row?.params ?? 'null')).toEqual({ id: 987654 });
  });
});

describe('the log writer', () => {
  const silent = { warn: () => {} } as unknown as FastifyBaseLogger;

  it('never fails the call: database errors are swallowed and counted', async () => {
    const broken = {
      insert: () => {
        throw new Error('database down');
      },
    } as unknown as Db;
    const writer = new OperationLogWriter(broken, silent);
    writer.record({ name: 'x' });
    writer.record({ name: 'y' });
    await writer.flush();
    expect(writer.failures).toBe(2);
  });

  it('writes rows recorded in one turn in one batch', async () => {
    const inserts: number[] = [];
    const db = {
      insert: () => ({
        values: async (rows: unknown[]) => {
          inserts.push(rows.length);
        },
      }),
    } as unknown as Db;
    const writer = new OperationLogWriter(db, silent);
    for (let i = 0; i < 25; i++) writer.record({ name: `r${i}` });
    await new Promise((r) => setImmediate(r));
    await writer.flush();
    expect(inserts).toEqual([25]);
  });
});

describe('parameters', () => {
  it('redacts secrets at any depth and caps the length', () => {
    const text = logParams({
      username: 'u',
      pwd: 'a',
      oldPwd: 'b',
      newPwd: 'c',
      iv: 'd',
      secret: 'e',
      token: 'f',
      cipher: 'g',
      deviceKey: 'h',
      rows: [{ passWord: 'i', keep: 1 }],
    });
    expect(JSON.parse(text ?? 'null')).toEqual({
      username: 'u',
      pwd: REDACTED,
      oldPwd: REDACTED,
      newPwd: REDACTED,
      iv: REDACTED,
      secret: REDACTED,
      token: REDACTED,
      cipher: REDACTED,
      deviceKey: REDACTED,
      rows: [{ passWord: REDACTED, keep: 1 }],
    });
    const long = logParams({ items: Array.from({ length: 500 }, (_, i) => `item-${i}-${'x'.repeat(300)}`) });
    expect(long?.length).toBeLessThanOrEqual(OPERATION_LOG_PARAMS_MAX);
    expect(logParams(undefined)).toBeNull();
    expect(logParams({})).toBeNull();
  });
});

describe('listing, filters and export', () => {
  const base = Date.UTC(2026, 0, 10, 8, 0, 0);
  beforeAll(async () => {
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await writeLog(ctx.database.db, [
      {
        name: 'Filter A',
        username: 'alice',
        method: 'POST',
        methodName: 'fltAdd',
        success: true,
        status: 200,
        createTime: at(0),
        durationMs: 5,
      },
      {
        name: 'Filter B',
        username: 'bob',
        method: 'PUT',
        methodName: 'fltUpdate',
        success: false,
        status: 409,
        createTime: at(10),
        durationMs: 50,
      },
      {
        name: 'Filter C',
        username: 'alice',
        method: 'DELETE',
        methodName: 'fltDelete',
        success: true,
        status: 200,
        createTime: at(20),
        durationMs: 20,
      },
    ]);
  });
  const range = { from: base, to: base + 20 * 60_000 };
  const names = (p: Page) => p.rows.map((r) => r.methodName);

  it('filters by user, name or handler text, method, outcome and time', async () => {
    expect(names(await page(range))).toEqual(['fltDelete', 'fltUpdate', 'fltAdd']);
    expect(names(await page({ ...range, username: 'ali' }))).toEqual(['fltDelete', 'fltAdd']);
    expect(names(await page({ ...range, name: 'filter b' }))).toEqual(['fltUpdate']);
    expect(names(await page({ ...range, name: 'fltDel' }))).toEqual(['fltDelete']);
    expect(names(await page({ ...range, method: 'PUT' }))).toEqual(['fltUpdate']);
    expect(names(await page({ ...range, success: false }))).toEqual(['fltUpdate']);
    expect(names(await page({ from: base + 5 * 60_000, to: base + 15 * 60_000 }))).toEqual(['fltUpdate']);
    expect(names(await page({ ...range, orderBy: 'durationMs', order: 'asc' }))).toEqual([
      'fltAdd',
      'fltDelete',
      'fltUpdate',
    ]);
    const paged = await page({ ...range, pageNum: 2, pageSize: 2 });
    expect({ total: paged.total, rows: names(paged) }).toEqual({ total: 3, rows: ['fltAdd'] });
    expect((await call(ctx.app, admin, 'POST', '/api/sys/log/page', { orderBy: 'params' })).statusCode).toBe(400);
    expect((await call(ctx.app, admin, 'POST', '/api/sys/log/page', { from: 2, to: 1 })).statusCode).toBe(400);
  });

  it('exports the filtered rows as Excel, equal to the page, times in the named zone', async () => {
    const filter = { ...range, username: 'ali' };
    const listed = await page({ ...filter, pageSize: 200 });
    const res = await call(ctx.app, admin, 'POST', '/api/sys/log/export', {
      ...filter,
      timeZone: 'Asia/Shanghai',
      format: 'xlsx',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet] = book.worksheets;
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(String(values(1)[0])).toContain('Asia/Shanghai, UTC+08:00');
    const body = Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2));
    expect(body.map((r) => r[5])).toEqual(listed.rows.map((r) => r.methodName));
    expect(body.map((r) => r[2])).toEqual(listed.rows.map((r) => r.username));
    // 08:20 UTC is 16:20 in Shanghai.
    expect(body[0]?.[0]).toBe('2026-01-10 16:20:00');
    // Operators hold neither the page nor the export; nothing to export is a warning, not a file.
    expect((await call(ctx.app, operator, 'POST', '/api/sys/log/export', filter)).statusCode).toBe(403);
    const none = await call(ctx.app, admin, 'POST', '/api/sys/log/export', { ...filter, username: 'nobody-at-all' });
    expect(none.json().code).not.toBe(200);
  });

  it('has no call that edits or deletes a row', async () => {
    const [{ n: before } = { n: 0 }] = await ctx.database.db.select({ n: count() }).from(logs);
    const [first] = (await page({ pageSize: 1 })).rows;
    const id = first?.id ?? 1;
    const [stored] = await ctx.database.db.select().from(logs).where(eq(logs.id, id));
    const attempts: ['PUT' | 'DELETE' | 'POST' | 'PATCH', string][] = [
      ['PUT', `/api/sys/log/${id}`],
      ['DELETE', `/api/sys/log/${id}`],
      ['PATCH', `/api/sys/log/${id}`],
      ['PUT', '/api/sys/log/update'],
      ['POST', '/api/sys/log/update'],
      ['POST', '/api/sys/log/edit'],
      ['POST', '/api/sys/log/delete'],
      ['POST', '/api/sys/log/remove'],
      ['DELETE', '/api/sys/log'],
      ['POST', '/api/sys/log/clean'],
      ['DELETE', `/api/sys/clientError/${id}`],
    ];
    for (const [method, url] of attempts) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: { id, name: 'tampered', success: true },
        headers: { authorization: `Bearer ${admin}` },
      });
      expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
    }
    await ctx.app.operationLog.flush();
    const [{ n: after } = { n: 0 }] = await ctx.database.db.select({ n: count() }).from(logs);
    expect(after).toBe(before);
    const [again] = await ctx.database.db.select().from(logs).where(eq(logs.id, id));
    expect(again).toEqual(stored);
    // No route of the table writes the log: no entry under /sys/log besides page and export.
    const logRoutes = Object.values(endpoints).filter((e) => e.path.startsWith('/sys/log'));
    expect(logRoutes.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'POST /sys/log/export',
      'POST /sys/log/page',
    ]);
  });

  it(`keeps ${OPERATION_LOG_RETENTION_DAYS} days`, async () => {
    const day = 86_400_000;
    await writeLog(ctx.database.db, [
      { name: 'Old row', methodName: 'retentionOld', createTime: new Date(Date.now() - 181 * day) },
      { name: 'Kept row', methodName: 'retentionKept', createTime: new Date(Date.now() - 179 * day) },
    ]);
    await runRetention(ctx.database.db, retentionPolicies(ctx.env), Date.now(), { chunkRows: 100 });
    const left = await ctx.database.db
      .select({ m: logs.methodName })
      .from(logs)
      .where(sql`${logs.methodName} like 'retention%'`);
    expect(left.map((r) => r.m)).toEqual(['retentionKept']);
  });
});

describe('action names', () => {
  it('every recorded call has a name of its own in the four languages, not its summary', () => {
    const logged = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([n, e]) => isLoggedCall(n, e));
    for (const [name, e] of logged) {
      const names = ACTION_NAMES[name];
      for (const lang of LANGS) {
        expect(names?.[lang], `${name} ${lang}`).toMatch(/\S/);
        expect(names?.[lang], `${name} ${lang}`).not.toBe(e.summary);
      }
    }
  });

  it("rows are named in the reader's language, and found by that name", async () => {
    const res = await call(ctx.app, admin, 'POST', '/api/alarm/definition/add', definition('Named rule'));
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.operationLog.flush();
    const named = ACTION_NAMES.alarmDefinitionAdd;
    for (const lang of LANGS) {
      const res = await call(ctx.app, admin, 'POST', '/api/sys/log/page', { name: named?.[lang], pageSize: 200 }, lang);
      const rows = (res.json().data as Page).rows;
      expect(rows.length, lang).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => `${r.methodName} ${r.name}`)), lang).toEqual(
        new Set([`alarmDefinitionAdd ${named?.[lang]}`]),
      );
    }
    const signIns = await call(ctx.app, admin, 'POST', '/api/sys/log/page', { name: 'Signed in' }, 'en_US');
    const rows = (signIns.json().data as Page).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.name === LOG_EVENT_NAMES['login.success']?.en_US)).toBe(true);
  });
});
