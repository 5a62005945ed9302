import { CLIENT_ERROR_LIMITS, type ClientErrorRow, LOG_EVENT_NAMES, type OperationLogRow } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrors } from '../../../db/schema';
import { call, createTestApp, login, loginBody, type TestContext } from '../../../test/harness';
import { retentionPolicies, runRetention } from '../ops/retention';
import { CLIENT_ERROR_RETENTION_MS } from './logs.service';

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
});
afterAll(() => ctx?.close());

const report = (over: Record<string, unknown> = {}) => ({
  kind: 'render',
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at Chart (chart.tsx:12)',
  url: '/surveillance/site-homepage',
  release: '0.1.0',
  ...over,
});
const send = (body: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/sys/clientError/add', payload: body as object, headers, remoteAddress });
const page = async (token: string, body: object = {}) => {
  const res = await call(ctx.app, token, 'POST', '/api/sys/clientError/page', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { total: number; list: ClientErrorRow[] };
};

describe('client error log', () => {
  it('stores reports from anyone, naming the user when a session comes with it', async () => {
    expect((await send(report({ message: 'before sign-in' }))).statusCode).toBe(200);
    const signed = await send(report({ message: 'after sign-in', kind: 'unhandledRejection' }), {
      authorization: `Bearer ${operator}`,
      'user-agent': 'Chromium test',
    });
    expect(signed.statusCode).toBe(200);
    const { list } = await page(admin);
    const anonymous = list.find((r) => r.message === 'before sign-in');
    const named = list.find((r) => r.message === 'after sign-in');
    expect(anonymous).toMatchObject({ kind: 'render', username: null, userId: null, ip: '10.0.0.1' });
    expect(named).toMatchObject({ kind: 'unhandledRejection', username: 'operator', userAgent: 'Chromium test' });
    // Newest first.
    expect(list.indexOf(named as ClientErrorRow)).toBeLessThan(list.indexOf(anonymous as ClientErrorRow));
  });

  it('refuses malformed and oversized reports with a 400 or 413, storing nothing', async () => {
    const before = (await page(admin)).total;
    expect((await send(report({ kind: 'nonsense' }))).statusCode).toBe(400);
    expect((await send(report({ message: '' }))).statusCode).toBe(400);
    expect((await send(report({ message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) }))).statusCode).toBe(400);
    expect((await send(report({ stack: 'x'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }))).statusCode).toBe(400);
    expect((await send({ ...report(), padding: 'x'.repeat(200_000) })).statusCode).toBe(413);
    expect((await page(admin)).total).toBe(before);
  });

  it('limits reports per address, so a page failing in a loop cannot flood the log', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await send(report({ message: `loop ${i}` }), {}, '10.9.9.9')).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.slice(30)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await send(report(), {}, '10.9.9.10')).statusCode).toBe(200);
  });

  it('lists for administrators only, filtered by kind, literal text and time', async () => {
    expect((await call(ctx.app, operator, 'POST', '/api/sys/clientError/page', {})).statusCode).toBe(403);
    expect((await call(ctx.app, null, 'POST', '/api/sys/clientError/page', {})).statusCode).toBe(401);
    await send(report({ kind: 'chunkLoad', message: 'Failed to fetch dynamically imported module 100%_done' }));
    const chunk = await page(admin, { kind: 'chunkLoad' });
    expect(chunk.list.map((r) => r.kind)).toEqual(chunk.list.map(() => 'chunkLoad'));
    expect(chunk.total).toBe(1);
    expect((await page(admin, { keyword: '100%_done' })).total).toBe(1);
    expect((await page(admin, { keyword: '%' })).list.every((r) => r.message.includes('%'))).toBe(true);
    const all = await page(admin, { pageSize: 100 });
    const newest = Math.max(...all.list.map((r) => r.at));
    expect((await page(admin, { from: newest + 1 })).total).toBe(0);
    expect((await page(admin, { to: newest, pageSize: 1 })).list).toHaveLength(1);
    expect((await call(ctx.app, admin, 'POST', '/api/sys/clientError/page', { from: 2, to: 1 })).statusCode).toBe(400);
  });

  it('forgets reports older than 30 days', async () => {
    await ctx.database.db.execute(
      sql`update sys_client_error set create_time = now() - interval '31 days' where message = 'before sign-in'`,
    );
    await runRetention(ctx.database.db, retentionPolicies(ctx.env), Date.now(), { chunkRows: 100 });
    const left = await ctx.database.db.select({ message: clientErrors.message }).from(clientErrors);
    expect(left.some((r) => r.message === 'before sign-in')).toBe(false);
    expect(left.length).toBeGreaterThan(0);
    expect(CLIENT_ERROR_RETENTION_MS).toBe(30 * 86_400_000);
  });
});

describe('operation log', () => {
  it('lists sign-ins and their failures, newest first, for administrators only', async () => {
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: await loginBody(ctx.app, 'manager', 'wrong-password'),
    });
    expect(failed.statusCode).toBe(400);
    const res = await call(ctx.app, admin, 'POST', '/api/sys/log/page', { keyword: 'login', pageSize: 100 });
    const { rows: list, total } = res.json().data as { rows: OperationLogRow[]; total: number };
    expect(total).toBe(list.length);
    const failure = LOG_EVENT_NAMES['login.failure']?.zh_CN;
    expect(list[0]).toMatchObject({ name: failure, username: 'manager', success: false, methodName: 'login' });
    const success = LOG_EVENT_NAMES['login.success']?.zh_CN;
    expect(list.filter((r) => r.name === success).map((r) => r.username)).toEqual(
      expect.arrayContaining(['admin', 'operator']),
    );
    const failures = await call(ctx.app, admin, 'POST', '/api/sys/log/page', { success: false });
    expect((failures.json().data.rows as OperationLogRow[]).every((r) => !r.success)).toBe(true);
    expect((await call(ctx.app, operator, 'POST', '/api/sys/log/page', {})).statusCode).toBe(403);
    // The parameters column never holds a password.
    expect(JSON.stringify(list)).not.toContain('wrong-password');
  });
});
