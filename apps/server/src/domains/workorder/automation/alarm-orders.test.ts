import type { OrderRow } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { users } from '../../../db/schema';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { insertRaised } from '../../alarms/alarm';
import { raisedEvent } from '../../alarms/alarm/raised-event.kit';
import { openOrder } from '../order/order-open';
import { wireOrdersToAlarms } from './alarm-orders';

let ctx: TestContext;
let admin: string;
let maintainer: string;
let maintainerId: number;
let station: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  station = (await stationIdLookup(ctx.database.db))('GD-SZ01');
  const [m] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'maintainer'));
  maintainerId = m?.id ?? Number.NaN;
  admin = await login(ctx.app, 'admin');
  maintainer = await login(ctx.app, 'maintainer');
});
afterAll(() => ctx?.close());

const post = async <T>(token: string, path: string, body: object): Promise<T> => {
  const res = await call(ctx.app, token, 'POST', `/api/workorder/${path}`, body, 'en_US');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

const raise = (key: string, level: 1 | 2 | 3 | 4, content: string) =>
  insertRaised(ctx.database.db, [raisedEvent({ key, stationId: station, level, content })]);

describe('orders from alarms', () => {
  it('a raised alarm at the rule level opens one order; finishing it confirms the alarm', async () => {
    const { id: templateId } = await post<{ id: number }>(admin, 'template/add', {
      name: 'Alarm repair',
      orderType: 1,
      definitionKey: 'fault_repair',
      executorPostIds: [],
      executorUserIds: [maintainerId],
      slaHours: 24,
      formFields: [],
      enabled: true,
    });
    await post(admin, 'rule/save', { stationId: station, minLevel: 2, templateId, enabled: true });
    const [severe] = await raise('wo-rule:1', 1, 'Rack 1 cell over temperature');
    const [mild] = await raise('wo-rule:2', 3, 'Rack 2 fan warning');
    if (!severe || !mild) throw new Error('events not stored');

    const db = ctx.database.db;
    const opened: (number | null | undefined)[] = [];
    const bus = new TelemetryBus();
    const off = wireOrdersToAlarms(
      db,
      bus,
      (input) => {
        opened.push(input.alarmEventId);
        return openOrder(db, input, Date.now());
      },
      { warn: () => {} },
    );
    // The same raise seen twice (a retried batch): still one order.
    for (let i = 0; i < 2; i++) {
      bus.emit('alarm', { stationId: station, change: 'raised', eventIds: [severe.id, mild.id], count: 2 });
    }
    await vi.waitFor(() => expect(opened).toEqual([severe.id, severe.id]), { timeout: 10_000 });
    off();

    const todo = await post<{ rows: OrderRow[]; total: number }>(maintainer, 'order/page', {
      scope: 'todo',
      stationId: station,
      pageNum: 1,
      pageSize: 50,
    });
    const ofSevere = todo.rows.filter((r) => r.alarmEventId === severe.id);
    expect(ofSevere).toHaveLength(1);
    expect(todo.rows.some((r) => r.alarmEventId === mild.id)).toBe(false);
    const order = ofSevere[0];
    if (!order) throw new Error('no order');
    expect(order.source).toBe('automatic');
    expect(order.title).toBe('Rack 1 cell over temperature');

    for (const action of ['allocate', 'accept'] as const)
      await post(maintainer, 'order/action', { id: order.id, action });
    await post(maintainer, 'order/action', { id: order.id, action: 'finish', opinion: 'Fan replaced' });
    const [event] = await db.select().from(alarmEvents).where(eq(alarmEvents.id, severe.id));
    expect(event).toMatchObject({ confirmed: true, confirmerId: maintainerId, remark: 'Fan replaced' });
    const [other] = await db.select().from(alarmEvents).where(eq(alarmEvents.id, mild.id));
    expect(other?.confirmed).toBe(false);
  });
});
