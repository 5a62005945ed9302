import {
  ACTION_NAMES,
  actionName,
  controlApi,
  type Endpoint,
  endpoints,
  LANGS,
  type Lang,
  type OperationLogRow,
  sequenceApi,
} from '@ess/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_LOGGED } from '../../../plugins/operation-log';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import {
  answeringDevice,
  type SeedDevice,
  sealedPassword,
  seedDevices,
  silent,
} from '../../control/control/control.kit';
import { writeLog } from './operation-log.repository';

/**
 * Issue 22: every write call of the API is audited under its own name. The endpoint table once
 * lost a device command's cancel to a sequence run's entry of the same name, and the log hook,
 * naming calls from the table, skipped it without a sound. A walk of the routes the server
 * registered (what the hook sees), then real calls, that cancel among them.
 */
let ctx: TestContext;
let admin: string;
let pcs: SeedDevice;
let device: MqttClient | undefined;
beforeAll(async () => {
  ctx = await createTestApp({ SIMULATOR: 'off', COMMAND_TIMEOUT_S: '120', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
  const [first] = await seedDevices(ctx.database.db, 'pcs', 1);
  if (!first) throw new Error('the seed has no PCS');
  pcs = first;
  // Online and silent: its command stays in flight until cancelled.
  device = (await answeringDevice(ctx, pcs, silent)).client;
}, 120_000);
afterAll(async () => {
  await device?.endAsync();
  await ctx?.close();
});

/** A call that changes something: `mutates` or `refuseDemo`, or a method other than GET and POST. */
const writes = ({ access, method }: Endpoint): boolean =>
  (!access.public && Boolean(access.mutates || access.refuseDemo)) || !['GET', 'POST', 'HEAD'].includes(method);
/** Writes the log hook leaves to the call itself (rows of their own events, sign-in steps). */
const LOGGED_BY_THEMSELVES = ['changePassword', 'deviceCredentials'];

const nameOfEntry = new Map<Endpoint, string>(Object.entries(endpoints).map(([name, e]) => [e, name]));

/** What the hook is handed when a call ends: the route's config (a copy, as Fastify may make it). */
const finished = (endpoint: Endpoint): [FastifyRequest, FastifyReply] => [
  {
    routeOptions: { config: { endpoint: { ...endpoint } } },
    user: { userId: 1, username: 'admin' },
    ip: '127.0.0.1',
    params: {},
    query: {},
    body: {},
  } as unknown as FastifyRequest,
  { statusCode: 200, elapsedTime: 1 } as unknown as FastifyReply,
];

describe('every write route the server has', () => {
  it('is in the table, recorded by the log hook under its entry name, with an action name in four languages', () => {
    const routes = ctx.app.registeredRoutes.flatMap((r) =>
      r.endpoint && r.method !== 'HEAD' && writes(r.endpoint) ? [{ ...r, endpoint: r.endpoint }] : [],
    );
    const problems: string[] = [];
    const exempt: string[] = [];
    for (const { method, url, endpoint } of routes) {
      const name = nameOfEntry.get(endpoint);
      if (!name) {
        problems.push(`${method} ${url}: not in the endpoint table`);
        continue;
      }
      if (endpoint.access.public || SELF_LOGGED.has(name)) {
        exempt.push(name);
        continue;
      }
      const row = ctx.app.operationLog.entryOf(...finished(endpoint));
      if (!row) {
        problems.push(`${name}: skipped by the log hook`);
        continue;
      }
      if (row.methodName !== name) problems.push(`${name}: logged as ${row.methodName}`);
      for (const lang of LANGS) {
        const shown = actionName({ name: row.name, methodName: row.methodName ?? null }, lang);
        const own = ACTION_NAMES[name as keyof typeof ACTION_NAMES]?.[lang];
        if (!own?.trim() || shown !== own || shown === endpoint.summary)
          problems.push(`${name}: no ${lang} action name`);
      }
    }
    expect(problems).toEqual([]);
    expect(exempt.sort()).toEqual(LOGGED_BY_THEMSELVES);
    // Each write entry of the table was walked, once.
    const tableWrites = Object.values(endpoints).filter(writes);
    expect(routes).toHaveLength(tableWrites.length);
    expect(tableWrites.length).toBeGreaterThan(100);
  });
});

type Page = { rows: OperationLogRow[]; total: number };
/** The log's rows whose action, in the reader's language, is named so. */
async function rowsNamed(name: string, lang: Lang): Promise<OperationLogRow[]> {
  await ctx.app.operationLog.flush();
  const res = await call(ctx.app, admin, 'POST', '/api/sys/log/page', { name, pageSize: 200 }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Page).rows;
}

describe('real write calls', () => {
  it("a device command's cancel writes its row, named in each language", async () => {
    const sent = await call(ctx.app, admin, 'POST', `/api${controlApi.command.path}`, {
      deviceId: pcs.id,
      pointCode: 'pSet',
      value: 0,
      ...(await sealedPassword(ctx.app)),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id: number = sent.json().data.id;
    const cancelled = await call(
      ctx.app,
      admin,
      'POST',
      `/api${controlApi.commandCancel.path.replace(':id', `${id}`)}`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
    for (const lang of LANGS) {
      const named = ACTION_NAMES.commandCancel?.[lang] ?? '';
      const rows = await rowsNamed(named, lang);
      expect(
        rows.map((r) => ({ ...r, params: JSON.parse(r.params ?? 'null') })),
        lang,
      ).toEqual([
        expect.objectContaining({
          name: named,
          methodName: 'commandCancel',
          method: 'POST',
          username: 'admin',
          params: { id },
          success: true,
          status: 200,
        }),
      ]);
    }
  });

  it("a sequence run's cancel is its own call, recorded when refused too", async () => {
    const res = await call(ctx.app, admin, 'POST', `/api${sequenceApi.sequenceRunCancel.path}`, { id: 987_654 });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const rows = await rowsNamed(ACTION_NAMES.sequenceRunCancel?.en_US ?? '', 'en_US');
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Cancel sequence run',
        methodName: 'sequenceRunCancel',
        success: false,
        status: res.statusCode,
      }),
    ]);
  });

  it('rows logged under the former name "cancel" keep the name and are found by it', async () => {
    await writeLog(ctx.database.db, {
      name: sequenceApi.sequenceRunCancel.summary,
      username: 'admin',
      method: 'POST',
      methodName: 'cancel',
      success: true,
      status: 200,
    });
    const named = ACTION_NAMES.sequenceRunCancel?.zh_CN ?? '';
    const rows = await rowsNamed(named, 'zh_CN');
    expect(rows.map((r) => `${r.methodName} ${r.name}`).sort()).toEqual([
      `cancel ${named}`,
      `sequenceRunCancel ${named}`,
    ]);
  });
});
