import { type OrderTrack, orderDetailPath } from '@ess/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { messages, messageUsers } from '../../../db/message-schema';
import { userStations, users } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

/**
 * An order's engine lives only for one step; what survives is the committed row. A server
 * that dies between steps (no graceful stop) leaves every order where its last committed step
 * put it, and another instance on the same database takes the next step. Two instances acting
 * at once on one order: one step wins, the other is refused.
 */
let ctx: TestContext;
let second: FastifyInstance | null = null;
let operatorId: number;
let maintainerId: number;
let station: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  station = (await stationIdLookup(ctx.database.db))('JS-SZ01');
  const rows = await ctx.database.db.select({ id: users.id, username: users.username }).from(users);
  operatorId = rows.find((r) => r.username === 'operator')?.id ?? Number.NaN;
  maintainerId = rows.find((r) => r.username === 'maintainer')?.id ?? Number.NaN;
  await ctx.database.db.insert(userStations).values({ userId: maintainerId, stationId: station });
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

const act = (app: FastifyInstance, token: string, id: number, action: string, extra: object = {}) =>
  call(app, token, 'POST', '/api/workorder/order/action', { id, action, ...extra });
const trackOf = async (app: FastifyInstance, token: string, id: number): Promise<OrderTrack> =>
  (await call(app, token, 'GET', `/api/workorder/order/${id}/track`)).json().data;

/** The steps that take an order from its opening to the node at `depth` (0 allocate … 3 review). */
const PATH: [string, object][] = [
  ['allocate', {}],
  ['accept', {}],
  ['finish', { opinion: 'done' }],
  ['close', {}],
];

describe('work orders across instances', () => {
  it('continue after the instance that moved them is gone, none moved twice', async () => {
    const token = await login(ctx.app, 'operator');
    const ids: number[] = [];
    for (let depth = 0; depth < 4; depth++) {
      const res = await call(ctx.app, token, 'POST', '/api/workorder/order/add', {
        title: `At node ${depth}`,
        orderType: 1,
        stationId: station,
        executors: [{ userId: operatorId }],
      });
      const id: number = res.json().data.id;
      for (const [action, extra] of PATH.slice(0, depth)) {
        expect((await act(ctx.app, token, id, action, extra)).statusCode).toBe(200);
      }
      ids.push(id);
    }
    // The first instance goes away without stopping anything of the orders; a new one starts.
    await ctx.app.close();
    second = await buildApp({ env: ctx.env, database: ctx.database });
    await second.ready();
    const app = second;
    const again = await login(app, 'operator');
    for (const [depth, id] of ids.entries()) {
      const before = await trackOf(app, again, id);
      expect(before.steps).toHaveLength(depth + 1);
      const next = PATH[depth];
      if (!next) throw new Error('no step');
      const res = await act(app, again, id, next[0], next[1]);
      expect(res.statusCode, res.body).toBe(200);
      const after = await trackOf(app, again, id);
      expect(after.steps.map((s) => s.action)).toEqual(['create', ...PATH.slice(0, depth + 1).map(([a]) => a)]);
    }
    // The first order, now at acceptance, goes on to its end on this instance.
    const [first] = ids;
    if (first === undefined) throw new Error('no order');
    for (const [action, extra] of PATH.slice(1))
      expect((await act(app, again, first, action, extra)).statusCode).toBe(200);
    expect((await trackOf(app, again, first)).activeNodeIds).toEqual([]);
  });

  it('lets one of two instances take a step on one order', async () => {
    if (!second) throw new Error('no second instance');
    const third = await buildApp({ env: ctx.env, database: ctx.database });
    await third.ready();
    try {
      const a = await login(second, 'operator');
      const b = await login(third, 'operator');
      const made = await call(second, a, 'POST', '/api/workorder/order/add', {
        title: 'Raced',
        orderType: 1,
        stationId: station,
        executors: [{ userId: operatorId }],
      });
      const id: number = made.json().data.id;
      const [ra, rb] = await Promise.all([act(second, a, id, 'allocate'), act(third, b, id, 'allocate')]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect((await trackOf(third, b, id)).steps.filter((s) => s.action === 'allocate')).toHaveLength(1);
    } finally {
      await third.close();
    }
  });

  it('tell each landing of an order once, across a restart', async () => {
    if (!second) throw new Error('no second instance');
    const told = async (id: number) => {
      const rows = await ctx.database.db
        .select({ userId: messageUsers.userId })
        .from(messages)
        .innerJoin(messageUsers, eq(messageUsers.messageId, messages.id))
        .where(eq(messages.link, orderDetailPath(id)));
      return rows.map((r) => r.userId).sort();
    };
    const a = await login(second, 'operator');
    const made = await call(second, a, 'POST', '/api/workorder/order/add', {
      title: 'Told once',
      orderType: 1,
      stationId: station,
      executors: [{ userId: maintainerId }],
    });
    const id: number = made.json().data.id;
    expect((await act(second, a, id, 'allocate')).statusCode).toBe(200);
    expect(await told(id)).toEqual([maintainerId]);
    // This instance goes; the next one reads the committed steps and tells only what it moves.
    await second.close();
    second = await buildApp({ env: ctx.env, database: ctx.database });
    await second.ready();
    const m = await login(second, 'maintainer');
    expect(await told(id)).toEqual([maintainerId]);
    expect((await act(second, m, id, 'accept')).statusCode).toBe(200);
    expect((await act(second, m, id, 'finish', { opinion: 'done' })).statusCode).toBe(200);
    expect(await told(id)).toEqual([operatorId, maintainerId].sort());
  });
});
