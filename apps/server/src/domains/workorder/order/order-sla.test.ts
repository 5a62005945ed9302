import type { OrderTrack } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, messageUsers } from '../../../db/message-schema';
import { users } from '../../../db/schema';
import { workOrders } from '../../../db/workorder-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { MessageService } from '../../alarms/message';
import { SlaSweeper } from './order-sla';

let ctx: TestContext;
let operator: string;
let operatorId: number;
let station: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
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
    const sweeper = new SlaSweeper(db, new MessageService(db), () => now);
    expect(await sweeper.sweep()).toBe(0);
    now = opened + 19.3 * HOUR;
    expect(await sweeper.sweep()).toBe(1);
    expect(await sweeper.sweep()).toBe(0);
    now = opened + 24 * HOUR;
    expect(await sweeper.sweep()).toBe(1);
    expect(await sweeper.sweep()).toBe(0);

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
});
