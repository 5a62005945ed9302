import { type AlarmListRow, ResultCode, workorderMessages } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../../db/schema';
import { workOrders } from '../../../db/workorder-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { insertRaised } from './alarm-store.repository';
import { raisedEvent } from './raised-event.kit';

/** Issue 23: alarm rows carry their work order, and an alarm runs one order at a time. */
let ctx: TestContext;
let operator: string;
let operatorId: number;
let station: number;
let deviceId: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  const db = ctx.database.db;
  station = (await stationIdLookup(db))('JS-SZ01');
  const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.stationId, station));
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'operator'));
  if (!device || !me) throw new Error('seed has no device or operator');
  deviceId = device.id;
  operatorId = me.id;
  operator = await login(ctx.app, 'operator');
});
afterAll(() => ctx?.close());

const post = (path: string, body: object, lang = 'en_US') =>
  call(ctx.app, operator, 'POST', `/api/${path}`, body, lang);

async function raise(key: string, content: string, raisedAt: number): Promise<number> {
  const [event] = await insertRaised(ctx.database.db, [
    raisedEvent({ key, stationId: station, deviceId, content, raisedAt }),
  ]);
  if (!event) throw new Error('event not stored');
  return event.id;
}

const orderOf = (alarmEventId: number, title: string) => ({
  title,
  orderType: 1,
  stationId: station,
  deviceId,
  alarmEventId,
  executors: [{ userId: operatorId }],
});

/** Each listed alarm's work order, from the real-time list and the history over `from`…now. */
async function listedOrders(from: number): Promise<{ realtime: Map<number, unknown>; history: Map<number, unknown> }> {
  const realtime = await post('alarm/realtime/page', { stationId: station, pageNum: 1, pageSize: 500 });
  const history = await post('alarm/history/page', {
    stationId: station,
    from,
    to: Date.now() + 60_000,
    pageNum: 1,
    pageSize: 500,
  });
  expect(realtime.statusCode, realtime.body).toBe(200);
  expect(history.statusCode, history.body).toBe(200);
  const byId = (rows: AlarmListRow[]) => new Map(rows.map((r) => [r.id, r.workOrder]));
  return { realtime: byId(realtime.json().data.rows), history: byId(history.json().data.rows) };
}

describe('alarms and their work orders', () => {
  it('lists the order made for an alarm on its row, and null on a row without one', async () => {
    const from = Date.now() - 60_000;
    const repaired = await raise('wo-link:repaired', 'Rack 1 cell over temperature', Date.now() - 1_000);
    const untouched = await raise('wo-link:untouched', 'Rack 2 fan warning', Date.now() - 500);
    const made = await post('workorder/order/add', orderOf(repaired, 'Rack 1 cell over temperature'));
    expect(made.statusCode, made.body).toBe(200);
    const order = made.json().data as { id: number; number: string };

    const { realtime, history } = await listedOrders(from);
    for (const list of [realtime, history]) {
      expect(list.get(repaired)).toEqual({ id: order.id, number: order.number });
      expect(list.get(untouched)).toBeNull();
    }
  });

  it('refuses a second order while the first runs, in the caller’s language, and shows the newest after', async () => {
    const from = Date.now() - 60_000;
    const alarm = await raise('wo-link:twice', 'PCS 1 insulation fault', Date.now() - 1_000);
    const first = (await post('workorder/order/add', orderOf(alarm, 'Insulation'))).json().data as {
      id: number;
      number: string;
    };

    const again = await post('workorder/order/add', orderOf(alarm, 'Insulation again'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ResultCode.CONFLICT,
      msg: workorderMessages.workorderAlarmHasOrder.en_US.replace('{number}', first.number),
    });
    const inChinese = await post('workorder/order/add', orderOf(alarm, '再次'), 'zh_CN');
    expect(inChinese.json().msg).toBe(workorderMessages.workorderAlarmHasOrder.zh_CN.replace('{number}', first.number));
    const ofAlarm = await ctx.database.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.alarmEventId, alarm));
    expect(ofAlarm).toEqual([{ id: first.id }]);

    // Once the first has ended the alarm may get another, and its row shows the running one.
    const voided = await post('workorder/order/action', { id: first.id, action: 'void', opinion: 'Wrong rack' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await listedOrders(from)).history.get(alarm)).toEqual({ id: first.id, number: first.number });
    const second = await post('workorder/order/add', orderOf(alarm, 'Insulation, second look'));
    expect(second.statusCode, second.body).toBe(200);
    const { realtime, history } = await listedOrders(from);
    const shown = { id: second.json().data.id, number: second.json().data.number };
    expect(realtime.get(alarm)).toEqual(shown);
    expect(history.get(alarm)).toEqual(shown);
  });
});
