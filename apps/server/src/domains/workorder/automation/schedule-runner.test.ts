import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { orderSchedules, workOrders } from '../../../db/workorder-schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { openOrder } from '../order/order-open';
import { ScheduleRunner } from './schedule-runner';

let ctx: TestContext;
let admin: string;
let station: number;
let maintainerId: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  station = (await stationIdLookup(ctx.database.db))('GD-SZ01');
  const [m] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'maintainer'));
  maintainerId = m?.id ?? Number.NaN;
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const post = async <T>(path: string, body: object): Promise<T> => {
  const res = await call(ctx.app, admin, 'POST', `/api/workorder/${path}`, body, 'en_US');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

const silent = { warn: () => {} };

describe('scheduled inspections', () => {
  it('open one order at the cron time on the station clock, however many instances poll', async () => {
    const { id: templateId } = await post<{ id: number }>('template/add', {
      name: 'Weekly inspection',
      orderType: 2,
      definitionKey: 'station_inspection',
      executorPostIds: [],
      executorUserIds: [maintainerId],
      slaHours: 48,
      formFields: [],
      enabled: true,
    });
    // 08:30 every day on the station's clock (Asia/Shanghai, UTC+8: 00:30 UTC).
    const { id } = await post<{ id: number }>('schedule/save', {
      stationId: station,
      orderType: 2,
      cron: '30 8 * * *',
      templateId,
      title: 'Daily walk-round',
      enabled: true,
    });
    const db = ctx.database.db;
    const [saved] = await db.select().from(orderSchedules).where(eq(orderSchedules.id, id));
    const due = saved?.nextRunAt?.getTime() ?? Number.NaN;
    expect(new Date(due).toISOString().slice(11, 16)).toBe('00:30');

    // Three instances, each with its own clock at the run's minute, poll at once.
    let now = due - 60_000;
    const instances = [1, 2, 3].map(
      () =>
        new ScheduleRunner(
          db,
          (input) => openOrder(db, input, now),
          () => now,
          silent,
        ),
    );
    expect(await instances[0]?.runDue()).toBe(0);
    now = due + 5_000;
    const opened = await Promise.all(instances.map((r) => r.runDue()));
    expect(opened.reduce((a, b) => a + b, 0)).toBe(1);

    const orders = await db.select().from(workOrders).where(eq(workOrders.title, 'Daily walk-round'));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ stationId: station, orderType: 2, source: 'scheduled', templateId });
    const [after] = await db.select().from(orderSchedules).where(eq(orderSchedules.id, id));
    expect(after?.lastRunAt?.getTime()).toBe(due);
    expect(after?.nextRunAt?.getTime()).toBe(due + 86_400_000);

    // A day of downtime later: one order for the missed runs, then the next time after now.
    now = due + 3 * 86_400_000 + 60_000;
    expect(await instances[1]?.runDue()).toBe(1);
    const [later] = await db.select().from(orderSchedules).where(eq(orderSchedules.id, id));
    expect(later?.nextRunAt?.getTime()).toBe(due + 4 * 86_400_000);
  });
});
