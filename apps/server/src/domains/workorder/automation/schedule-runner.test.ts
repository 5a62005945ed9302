import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { orderSchedules, workOrders } from '../../../db/workorder-schema';
import { refusal } from '../../../lib/app-error';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { MessageService } from '../../alarms/message';
import { openOrder } from '../order/order-open';
import { heldAnnouncements } from '../order/order-todo';
import { type OpenOrderIn, ScheduleRunner } from './schedule-runner';

let ctx: TestContext;
let admin: string;
let station: number;
let maintainerId: number;
let templateId: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  station = (await stationIdLookup(ctx.database.db))('GD-SZ01');
  const [m] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'maintainer'));
  maintainerId = m?.id ?? Number.NaN;
  admin = await login(ctx.app, 'admin');
  ({ id: templateId } = await post<{ id: number }>('template/add', {
    name: 'Weekly inspection',
    orderType: 2,
    definitionKey: 'station_inspection',
    executorPostIds: [],
    executorUserIds: [maintainerId],
    slaHours: 48,
    formFields: [],
    enabled: true,
  }));
});
afterAll(() => ctx?.close());

async function post<T>(path: string, body: object): Promise<T> {
  const res = await call(ctx.app, admin, 'POST', `/api/workorder/${path}`, body, 'en_US');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

type Warning = { msg: string; obj: object };
const logTo = (warnings: Warning[]) => ({ warn: (obj: object, msg: string) => void warnings.push({ msg, obj }) });
const silent = logTo([]);

/** A daily schedule at 08:30 on the station's clock; its id and first run. */
async function dailySchedule(title: string): Promise<{ id: number; due: number }> {
  const { id } = await post<{ id: number }>('schedule/save', {
    stationId: station,
    orderType: 2,
    cron: '30 8 * * *',
    templateId,
    title,
    enabled: true,
  });
  return { id, due: (await scheduleRow(id))?.nextRunAt?.getTime() ?? Number.NaN };
}
const scheduleRow = async (id: number) =>
  (await ctx.database.db.select().from(orderSchedules).where(eq(orderSchedules.id, id)))[0];
const ordersTitled = (title: string) => ctx.database.db.select().from(workOrders).where(eq(workOrders.title, title));

/** Users whose bell was rung for an order's to-do message (MessageService.announce). */
const rung: number[] = [];
const messages = () => {
  const real = new MessageService(ctx.database.db);
  return { storeNotices: real.storeNotices.bind(real), announce: (ids: readonly number[]) => rung.push(...ids) };
};
/** Opens a real order at `now`, ringing its bells when the runner says its transaction committed. */
const opener =
  (clock: () => number): OpenOrderIn =>
  async (tx, input) => {
    const held = heldAnnouncements(messages());
    return { ...(await openOrder(tx, input, clock(), held.store)), announce: held.release };
  };

/** An instance of the runner on the test's database, opening real orders at `clock()`. */
const instance = (clock: () => number, open?: OpenOrderIn, log = silent) =>
  new ScheduleRunner(ctx.database.db, open ?? opener(clock), clock, log);

describe('scheduled inspections', () => {
  it('open one order at the cron time on the station clock, however many instances poll', async () => {
    const { id, due } = await dailySchedule('Daily walk-round');
    // 08:30 every day on the station's clock (Asia/Shanghai, UTC+8: 00:30 UTC).
    expect(new Date(due).toISOString().slice(11, 16)).toBe('00:30');

    // Three instances, each with its own clock at the run's minute, poll at once.
    let now = due - 60_000;
    const instances = [1, 2, 3].map(() => instance(() => now));
    expect(await instances[0]?.runDue()).toBe(0);
    now = due + 5_000;
    const opened = await Promise.all(instances.map((r) => r.runDue()));
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);

    const orders = await ordersTitled('Daily walk-round');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ stationId: station, orderType: 2, source: 'scheduled', templateId });
    expect(orders[0]?.plannedTime?.getTime()).toBe(due);
    const after = await scheduleRow(id);
    expect(after?.lastRunAt?.getTime()).toBe(due);
    expect(after?.nextRunAt?.getTime()).toBe(due + 86_400_000);

    // A day of downtime later: one order for the missed runs, then the next time after now.
    now = due + 3 * 86_400_000 + 60_000;
    expect(await instances[1]?.runDue()).toBe(1);
    expect((await scheduleRow(id))?.nextRunAt?.getTime()).toBe(due + 4 * 86_400_000);
  });

  it('keeps a run an instance claimed but failed to open: the next poll of another opens it once', async () => {
    const title = 'Walk-round after a crash';
    const { id, due } = await dailySchedule(title);
    const now = due + 5_000;
    const warnings: Warning[] = [];
    // Two ways an instance dies between the claim and its commit: before writing the order,
    // and with the order written but not committed.
    const diesBefore = instance(
      () => now,
      async () => {
        throw new Error('instance died after the claim');
      },
      logTo(warnings),
    );
    const diesAfter = instance(
      () => now,
      async (tx, input) => {
        await opener(() => now)(tx, input);
        throw new Error('instance died before the commit');
      },
      logTo(warnings),
    );
    rung.length = 0;
    for (const dying of [diesBefore, diesAfter]) {
      expect(await dying.runDue()).toBe(0);
      expect(await ordersTitled(title)).toEqual([]);
      // Nothing of the claim stands: the run is still due.
      const row = await scheduleRow(id);
      expect(row?.nextRunAt?.getTime()).toBe(due);
      expect(row?.lastRunAt).toBeNull();
    }
    expect(warnings.map((w) => w.msg)).toEqual([
      'work order schedules: the run failed and stays due',
      'work order schedules: the run failed and stays due',
    ]);
    // Its to-do message was rolled back with it: nobody's bell rang for it.
    expect(rung).toEqual([]);

    // Two healthy instances on the same database poll at once: one of them opens the run.
    const [a, b] = [instance(() => now), instance(() => now)];
    const opened = await Promise.all([a.runDue(), b.runDue()]);
    expect(opened.reduce((x, y) => x + y, 0)).toBe(1);
    const orders = await ordersTitled(title);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.plannedTime?.getTime()).toBe(due);
    // The committed one rings its assignees, once.
    expect(rung.length).toBeGreaterThan(0);
    expect(new Set(rung).size).toBe(rung.length);
    expect((await scheduleRow(id))?.lastRunAt?.getTime()).toBe(due);
    // And no instance opens it again.
    expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([0, 0]);
    expect(await ordersTitled(title)).toHaveLength(1);
  });

  it('skips a run whose order is refused (retrying cannot help) and logs why', async () => {
    const title = 'Walk-round with no template';
    const { id, due } = await dailySchedule(title);
    const warnings: Warning[] = [];
    const refused = instance(
      () => due + 5_000,
      async () => {
        throw refusal('workorderTemplateNotFound', 400);
      },
      logTo(warnings),
    );
    expect(await refused.runDue()).toBe(0);
    expect(await ordersTitled(title)).toEqual([]);
    const row = await scheduleRow(id);
    expect(row?.lastRunAt?.getTime()).toBe(due);
    expect(row?.nextRunAt?.getTime()).toBe(due + 86_400_000);
    expect(warnings).toEqual([
      {
        msg: 'work order schedules: the order was refused; run skipped',
        obj: expect.objectContaining({ scheduleId: id }),
      },
    ]);
  });
});
