import { type OrderTrack, orderDetailPath, translate } from '@ess/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, messageUsers } from '../../../db/message-schema';
import { notifyLog, notifyNotices } from '../../../db/notify-schema';
import { users } from '../../../db/schema';
import { orderSteps, orderTimers, workOrders } from '../../../db/workorder-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { MessageService } from '../../alarms/message';
import { NotifyEngine } from '../../alarms/notify';
import { channelsFromEnv } from '../../alarms/notify/notify-channels';
import { messageInAppSink } from '../../alarms/notify/notify-inapp';
import { SlaTimerRunner } from './order-sla';

let ctx: TestContext;
let operator: string;
let operatorId: number;
let station: number;

beforeAll(async () => {
  // Notification rounds run when the test says (the app's own engine never ticks).
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000', NOTIFY_TICK_SECONDS: '0' });
  operator = await login(ctx.app, 'operator');
  station = (await stationIdLookup(ctx.database.db))('JS-SZ01');
  const rows = await ctx.database.db.select({ id: users.id, username: users.username }).from(users);
  operatorId = rows.find((r) => r.username === 'operator')?.id ?? Number.NaN;
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;

describe('SLA of a work order', () => {
  it('reminds at 80 % of the time and escalates once overdue, each once, on the clock it is given', async () => {
    const res = await call(ctx.app, operator, 'POST', '/api/workorder/order/add', {
      title: 'Cooling fault',
      orderType: 1,
      stationId: station,
      executors: [{ userId: operatorId }],
    });
    const { id, number } = res.json().data;
    const db = ctx.database.db;
    const [order] = await db.select().from(workOrders).where(eq(workOrders.id, id));
    if (!order?.slaDueAt) throw new Error('the seeded fault-repair template has an SLA');
    const opened = order.createdAt.getTime();
    // The seeded fault-repair template gives 24 hours.
    expect(order.slaDueAt.getTime() - opened).toBe(24 * HOUR);

    // Notices are in each recipient's language.
    await db.update(users).set({ lang: 'en_US' }).where(eq(users.id, operatorId));
    let now = opened + 19 * HOUR;
    const sweeper = new SlaTimerRunner(db, new MessageService(db), () => now);
    expect(await sweeper.tick()).toBe(0);
    now = opened + 19.3 * HOUR;
    expect(await sweeper.tick()).toBe(1);
    expect(await sweeper.tick()).toBe(0);
    now = opened + 24 * HOUR;
    expect(await sweeper.tick()).toBe(1);
    expect(await sweeper.tick()).toBe(0);

    const track: OrderTrack = (await call(ctx.app, operator, 'GET', `/api/workorder/order/${id}/track`)).json().data;
    expect(track.steps.map((s) => s.action)).toEqual(['create', 'slaReminder', 'slaOverdue']);
    const sent = await db
      .select({ title: messages.title, userId: messageUsers.userId })
      .from(messages)
      .innerJoin(messageUsers, eq(messageUsers.messageId, messages.id));
    const mine = sent.filter((m) => m.title.includes(number));
    expect(mine).toHaveLength(2);
    expect(mine.every((m) => m.userId === operatorId)).toBe(true);
    expect(mine.map((m) => m.title).sort()).toEqual([
      // On the station's clock (JS-SZ01: China, UTC+8 all year), named.
      `Work order ${number} (Cooling fault) is due at ${new Date(order.slaDueAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} (Asia/Shanghai)`,
      `Work order ${number} (Cooling fault) is overdue`,
    ]);
  });

  it("raises a breach to the station's notification chains once, past whoever the in-app message told", async () => {
    const db = ctx.database.db;
    const admin = await login(ctx.app, 'admin');
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const adminId = adminRow?.id ?? 0;
    // Breaches (major) only; the operator, the order's assignee, is on the chain too.
    const chain = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', {
      name: 'Overdue orders',
      enabled: true,
      stationIds: [station],
      levels: [2],
      stopOnRecovery: true,
      steps: [
        {
          delayMinutes: 0,
          repeatMinutes: 10,
          channels: ['inapp', 'email'],
          userIds: [adminId, operatorId],
          roleIds: [],
        },
      ],
    });
    expect(chain.statusCode, chain.body).toBe(200);
    const res = await call(ctx.app, operator, 'POST', '/api/workorder/order/add', {
      title: 'Inverter fan',
      orderType: 1,
      stationId: station,
      executors: [{ userId: operatorId }],
    });
    const { id, number } = res.json().data;
    const [order] = await db.select().from(workOrders).where(eq(workOrders.id, id));
    if (!order?.slaDueAt) throw new Error('the seeded fault-repair template has an SLA');
    let now = order.createdAt.getTime() + 20 * HOUR;
    const sweeper = new SlaTimerRunner(db, new MessageService(db), () => now);
    const engine = new NotifyEngine({
      db,
      channels: channelsFromEnv(ctx.env, messageInAppSink(new MessageService(db))),
      log: console,
      now: () => now,
    });
    try {
      expect(await sweeper.tick()).toBe(1);
      now = order.slaDueAt.getTime();
      expect(await sweeper.tick()).toBe(1);
      expect(await sweeper.tick()).toBe(0);
      await engine.tick();
      await engine.tick();

      const raised = await db
        .select({ key: notifyNotices.key, level: notifyNotices.level, link: notifyNotices.link })
        .from(notifyNotices)
        .where(like(notifyNotices.key, `workorder:${id}:%`));
      expect(raised.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: `workorder:${id}:slaOverdue`, level: 2, link: orderDetailPath(id) },
        { key: `workorder:${id}:slaReminder`, level: 3, link: orderDetailPath(id) },
      ]);
      const overdue = { number, title: 'Inverter fan' };
      const log = await db
        .select()
        .from(notifyLog)
        .where(like(notifyLog.subject, `%${number}%`));
      // The reminder is minor: this chain does not take it. The operator read the breach in-app
      // already (in English, as the first test set), and no e-mail channel is configured here.
      expect(log.map((r) => [r.userId, r.channel, r.status, r.reason, r.subject]).sort()).toEqual(
        [
          [adminId, 'inapp', 'sent', 'notice', translate('zh_CN', 'workorderSlaOverdue', overdue)],
          [adminId, 'email', 'failed', 'channelOff', translate('zh_CN', 'workorderSlaOverdue', overdue)],
          [operatorId, 'email', 'failed', 'channelOff', translate('en_US', 'workorderSlaOverdue', overdue)],
        ].sort(),
      );
      const adminMessages = await db
        .select({ title: messages.title })
        .from(messages)
        .innerJoin(messageUsers, eq(messageUsers.messageId, messages.id))
        .where(and(eq(messageUsers.userId, adminId), eq(messages.link, orderDetailPath(id))));
      expect(adminMessages).toEqual([{ title: translate('zh_CN', 'workorderSlaOverdue', overdue) }]);
    } finally {
      await engine.close();
    }
  });

  const openOrder = async (title: string) => {
    const res = await call(ctx.app, operator, 'POST', '/api/workorder/order/add', {
      title,
      orderType: 1,
      stationId: station,
      executors: [{ userId: operatorId }],
    });
    const { id } = res.json().data as { id: number };
    const [order] = await ctx.database.db.select().from(workOrders).where(eq(workOrders.id, id));
    if (!order) throw new Error('opened');
    return order;
  };
  const act = (id: number, action: string) =>
    call(ctx.app, operator, 'POST', '/api/workorder/order/action', { id, action, opinion: 'done' }, 'en_US');
  const stepsOf = async (id: number) =>
    (await ctx.database.db.select().from(orderSteps).where(eq(orderSteps.orderId, id))).map((s) => s.action);

  it('reminds once across tasks, and a task left before its timer fires nothing', async () => {
    const db = ctx.database.db;
    const order = await openOrder('Battery rack alarm');
    const opened = order.createdAt.getTime();
    let now = opened + 19.3 * HOUR;
    const runner = new SlaTimerRunner(db, new MessageService(db), () => now);
    expect(await runner.tick()).toBe(1);
    // The next task arms its own reminder at the same absolute time, already past: no second one.
    expect((await act(order.id, 'allocate')).statusCode).toBe(200);
    const armed = await db.select().from(orderTimers).where(eq(orderTimers.orderId, order.id));
    expect(armed.map((t) => [t.attachedTo, t.sla, t.dueAt.getTime()]).sort()).toEqual(
      [
        ['accept', 'overdue', opened + 24 * HOUR],
        ['accept', 'reminder', opened + 0.8 * 24 * HOUR],
      ].sort(),
    );
    now = opened + 19.5 * HOUR;
    expect(await runner.tick()).toBe(0);
    // Accepted and finished before the deadline: review is off the clock, nothing is armed.
    expect((await act(order.id, 'accept')).statusCode).toBe(200);
    expect((await act(order.id, 'finish')).statusCode).toBe(200);
    expect(await db.select().from(orderTimers).where(eq(orderTimers.orderId, order.id))).toEqual([]);
    now = opened + 30 * HOUR;
    expect(await runner.tick()).toBe(0);
    expect((await stepsOf(order.id)).filter((a) => a.startsWith('sla'))).toEqual(['slaReminder']);
  });

  it('fires a due timer once when two runners race for it', async () => {
    const db = ctx.database.db;
    const order = await openOrder('Two runners');
    const now = order.createdAt.getTime() + 24.5 * HOUR;
    const a = new SlaTimerRunner(db, new MessageService(db), () => now);
    const b = new SlaTimerRunner(db, new MessageService(db), () => now);
    const sent = await Promise.all([a.tick(), b.tick(), a.tick()]);
    expect(sent.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    const sla = (await stepsOf(order.id)).filter((s) => s.startsWith('sla')).sort();
    // Reminder and escalation both due: each exactly once, whoever fired them.
    expect(sla.filter((s) => s === 'slaOverdue')).toEqual(['slaOverdue']);
    expect(sla.filter((s) => s === 'slaReminder').length).toBeLessThanOrEqual(1);
    expect(await a.tick()).toBe(0);
  });

  // The whole platform on a later day, sessions included: PGlite's clock is the process's, a
  // PostgreSQL server's is not (pg-suite.ts runs this file on PGlite in CI).
  it.skipIf(process.env.DATABASE_URL)(
    'an action past the deadline before the runner looked escalates once itself',
    async () => {
      const db = ctx.database.db;
      const order = await openOrder('Late allocation');
      const opened = order.createdAt.getTime();
      // The engine reads the wall clock: past the deadline, the step's resume completes the timer.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(opened + 24.1 * HOUR);
        // A session of this later day.
        const late = await login(ctx.app, 'operator');
        const res = await call(ctx.app, late, 'POST', '/api/workorder/order/action', {
          id: order.id,
          action: 'allocate',
        });
        expect(res.statusCode, res.body).toBe(200);
        const runner = new SlaTimerRunner(db, new MessageService(db), () => opened + 24.2 * HOUR);
        expect(await runner.tick()).toBe(0);
      } finally {
        vi.useRealTimers();
      }
      expect((await stepsOf(order.id)).filter((a) => a.startsWith('sla'))).toEqual(['slaOverdue']);
      expect(await db.select().from(orderTimers).where(eq(orderTimers.orderId, order.id))).toEqual([]);
    },
  );
});
