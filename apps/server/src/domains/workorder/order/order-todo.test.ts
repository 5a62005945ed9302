import { messageApi, orderDetailPath, translate } from '@ess/contract';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, messageUsers } from '../../../db/message-schema';
import { posts, userStations, users } from '../../../db/schema';
import type { MessagesChange } from '../../../kernel/telemetry-bus';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { MessageService } from '../../alarms/message';
import { findOrder } from './order.repository';
import { OrderService } from './order.service';

/**
 * Whoever an order's waiting task lands on is told once, in their language, with a link to the
 * order: on creation, allocation, transfer, forward, back and review, never the one who took
 * the step, never a step that lost its race.
 */
let ctx: TestContext;
let station: number;
let id: (name: string) => number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  const db = ctx.database.db;
  station = (await stationIdLookup(db))('JS-SZ01');
  const rows = await db.select({ id: users.id, username: users.username }).from(users);
  id = (name) => rows.find((r) => r.username === name)?.id ?? Number.NaN;
  // The maintainer works at the operator's station and reads English.
  await db.insert(userStations).values({ userId: id('maintainer'), stationId: station });
  await db
    .update(users)
    .set({ lang: 'en_US' })
    .where(eq(users.id, id('maintainer')));
  for (const name of ['operator', 'maintainer']) tokens[name] = await login(ctx.app, name);
});
afterAll(() => ctx?.close());

const post = (token: string, path: string, body: object) =>
  call(ctx.app, token, 'POST', `/api/workorder/${path}`, body, 'en_US');
const act = async (who: string, orderId: number, action: string, extra: object = {}) => {
  const res = await post(tokens[who] ?? '', 'order/action', { id: orderId, action, ...extra });
  expect(res.statusCode, res.body).toBe(200);
};

async function open(title: string, executors: object[]): Promise<{ id: number; number: string }> {
  const res = await post(tokens.operator ?? '', 'order/add', { title, orderType: 1, stationId: station, executors });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The messages linking the order, per recipient. */
async function toldAbout(orderId: number): Promise<Map<number, { title: string; content: string }[]>> {
  const rows = await ctx.database.db
    .select({ userId: messageUsers.userId, title: messages.title, content: messages.content })
    .from(messages)
    .innerJoin(messageUsers, eq(messageUsers.messageId, messages.id))
    .where(eq(messages.link, orderDetailPath(orderId)));
  const out = new Map<number, { title: string; content: string }[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), { title: r.title, content: r.content }]);
  return out;
}
const counts = async (orderId: number) =>
  Object.fromEntries([...(await toldAbout(orderId))].map(([u, list]) => [u, list.length]));

describe('to-do messages', () => {
  it('tell the allocated executor once, in their language, linking the order; the bell lists it', async () => {
    const order = await open('Rack 3 insulation fault', [{ userId: id('maintainer') }]);
    // The operator opened it and holds its first task: nobody else is waiting on it yet.
    expect(await counts(order.id)).toEqual({});
    await act('operator', order.id, 'allocate');
    expect(await counts(order.id)).toEqual({ [id('maintainer')]: 1 });
    const [told] = (await toldAbout(order.id)).get(id('maintainer')) ?? [];
    expect(told?.title).toBe(
      translate('en_US', 'workorderTodoTitle', { number: order.number, title: 'Rack 3 insulation fault' }),
    );
    expect(told?.content).toContain('"Accept"');

    const bell = await call(ctx.app, tokens.maintainer ?? '', 'POST', `/api${messageApi.receivedMessages.path}`, {
      createStatus: 3,
      readStatus: 0,
      pageNum: 1,
      pageSize: 50,
    });
    expect(bell.json().data.list).toContainEqual(
      expect.objectContaining({
        title: told?.title,
        link: orderDetailPath(order.id),
        createUserName: expect.any(String),
      }),
    );
  });

  it('tell each holder of an assigned post who may act at the station, once', async () => {
    const db = ctx.database.db;
    const [crew] = await db.insert(posts).values({ code: 'todo-crew', name: 'Todo crew' }).returning({ id: posts.id });
    const member = (username: string, over: Partial<typeof users.$inferInsert> = {}) =>
      db
        .insert(users)
        .values({ username, passwordHash: 'x', postId: crew?.id, groupWide: true, ...over })
        .returning({ id: users.id })
        .then(([u]) => u?.id ?? 0);
    const ann = await member('todo-ann', { lang: 'ja_JP' });
    const bob = await member('todo-bob');
    const off = await member('todo-off', { enabled: false });
    // In no organisation and not group-wide: the station is outside his scope.
    const away = await member('todo-away', { groupWide: false });
    const reader = await member('todo-reader', { readOnly: true });

    const order = await open('Crew order', [{ postId: crew?.id }]);
    await act('operator', order.id, 'allocate');
    expect(await counts(order.id)).toEqual({ [ann]: 1, [bob]: 1 });
    for (const nobody of [off, away, reader]) expect((await toldAbout(order.id)).has(nobody)).toBe(false);
    // Each in their own language: one message per language.
    expect((await toldAbout(order.id)).get(ann)?.[0]?.title).toBe(
      translate('ja_JP', 'workorderTodoTitle', { number: order.number, title: 'Crew order' }),
    );
  });

  it('on transfer tell the new executor only; back and review tell whoever the task returns to', async () => {
    const order = await open('Transfer me', [{ userId: id('maintainer') }]);
    await act('operator', order.id, 'allocate');
    // Accepting keeps the task with the maintainer, who took the step: no message to himself.
    await act('maintainer', order.id, 'accept');
    expect(await counts(order.id)).toEqual({ [id('maintainer')]: 1 });
    await act('maintainer', order.id, 'transfer', { userId: id('operator') });
    expect(await counts(order.id)).toEqual({ [id('maintainer')]: 1, [id('operator')]: 1 });

    // The operator hands it back; the maintainer accepts, repairs, the operator sends it back.
    await act('operator', order.id, 'transfer', { userId: id('maintainer') });
    await act('maintainer', order.id, 'accept');
    await act('maintainer', order.id, 'finish', { opinion: 'done' });
    await act('operator', order.id, 'back', { nodeId: 'handle', opinion: 'again' });
    await act('maintainer', order.id, 'finish', { opinion: 'done again' });
    await act('operator', order.id, 'close');
    // Maintainer: allocated, transferred back, returned; operator: transferred to, two reviews.
    expect(await counts(order.id)).toEqual({ [id('maintainer')]: 3, [id('operator')]: 3 });
  });

  it('tell nobody of a step that lost its race', async () => {
    const order = await open('Race', [{ userId: id('maintainer') }]);
    const token = tokens.operator ?? '';
    const both = await Promise.all([0, 1].map(() => post(token, 'order/action', { id: order.id, action: 'allocate' })));
    expect(both.map((r) => r.statusCode).sort()[0]).toBe(200);
    expect(await counts(order.id)).toEqual({ [id('maintainer')]: 1 });
  });

  it('exist exactly when their step does: a step dying in its transaction leaves neither', async () => {
    const db = ctx.database.db;
    const real = new MessageService(db);
    const dying = {
      storeNotices: async (
        tx: Parameters<MessageService['storeNotices']>[0],
        n: Parameters<MessageService['storeNotices']>[1],
      ) => {
        await real.storeNotices(tx, n);
        throw new Error('process gone before the commit');
      },
      announce: () => {},
    };
    const files = { describe: async () => [], assertUsable: async () => {} };
    const input = {
      source: 'automatic' as const,
      stationId: station,
      title: 'Dies while opening',
      orderType: 1 as const,
      alarmEventId: 9191,
      executors: [{ userId: id('maintainer') }],
      initiatorId: null,
    };
    await expect(new OrderService(db, files, Date.now, async () => {}, dying).openOrder(input)).rejects.toThrow(
      'process gone',
    );
    const aboutIt = () =>
      db
        .select({ id: messages.id })
        .from(messages)
        .where(like(messages.title, `%${input.title}%`));
    expect(await aboutIt()).toEqual([]);
    // Taken again (another instance, after a restart): one order, told once.
    const opened = await new OrderService(db, files).openOrder(input);
    expect(opened.created).toBe(true);
    expect(await counts(opened.id)).toEqual({ [id('maintainer')]: 1 });
    expect(await aboutIt()).toHaveLength(1);
  });

  it('tell the executors of an order an alarm rule opened, and the bell at once', async () => {
    const db = ctx.database.db;
    const changes: MessagesChange[] = [];
    const orders = new OrderService(
      db,
      { describe: async () => [], assertUsable: async () => {} },
      Date.now,
      async () => {},
      new MessageService(db, Date.now, (c) => changes.push(c)),
    );
    const opened = await orders.openOrder({
      source: 'automatic',
      stationId: station,
      title: 'Alarm order',
      orderType: 1,
      executors: [{ userId: id('maintainer') }],
      initiatorId: null,
    });
    // Nobody opened it: the first task falls to the executors, told under the order's number.
    expect(await counts(opened.id)).toEqual({ [id('maintainer')]: 1 });
    await vi.waitFor(() => expect(changes).toContainEqual({ userIds: [id('maintainer')] }));
    const [sent] = await db
      .select({ sender: messages.creatorName })
      .from(messages)
      .where(inArray(messages.link, [orderDetailPath(opened.id)]));
    expect(sent?.sender).toBe((await findOrder(db, opened.id))?.number);
  });
});
