import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { notifyTasks } from '../../../db/notify-schema';
import { stations, users } from '../../../db/schema';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { startSmtpReceiver } from './notify-receivers.kit';

/**
 * The module as the server runs it: wired to the app's own bus, its timer loop on, and the
 * alarm centre's confirm call stopping the repeats.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp({
    LOGIN_RATE_PER_MINUTE: '1000',
    NOTIFY_TICK_SECONDS: '1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
  });
  admin = await login(ctx.app, 'admin');
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

it('a raise on the bus is mailed; confirming it in the alarm centre stops the chain', async () => {
  const db = ctx.database.db;
  const bus = ctx.app.telemetry?.bus;
  if (!bus) throw new Error('telemetry is off');
  const [station] = await db.select({ id: stations.id, name: stations.name }).from(stations).limit(1);
  const [me] = await db
    .update(users)
    .set({ email: 'admin@example.test', lang: 'en_US' })
    .where(eq(users.username, 'admin'))
    .returning({ id: users.id });
  if (!station || !me) throw new Error('seed missing');
  const saved = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', {
    name: 'Admins',
    enabled: true,
    stationIds: [],
    // Level 3 only: the running alarm engine raises offline (2) and lost-contact (1) alarms by itself.
    levels: [3],
    stopOnRecovery: true,
    steps: [{ delayMinutes: 0, repeatMinutes: 1, channels: ['email'], userIds: [me.id], roleIds: [] }],
  });
  expect(saved.statusCode).toBe(200);

  const [event] = await db
    .insert(alarmEvents)
    .values({
      stationId: station.id,
      kind: 'rule',
      level: 3,
      content: 'Door of {station} open',
      dedupKey: 'notify-app-test',
      raisedAt: new Date(),
    })
    .returning({ id: alarmEvents.id });
  if (!event) throw new Error('no event');
  bus.emit('alarm', { stationId: station.id, change: 'raised', eventIds: [event.id], count: 1 });
  await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBe(1);
  expect(smtp.mails[0]).toMatchObject({
    to: ['admin@example.test'],
    subject: `[Minor alarm] ${station.name}: Door of ${station.name} open`,
  });

  const confirmed = await call(ctx.app, admin, 'POST', '/api/alarm/confirm', { ids: [event.id], remark: 'on it' });
  expect(confirmed.json()).toMatchObject({ code: 200, data: { confirmed: 1 } });
  await expect
    .poll(async () => (await db.select().from(notifyTasks).where(eq(notifyTasks.eventId, event.id)))[0]?.nextDueAt, {
      timeout: 5_000,
    })
    .toBeNull();
  expect(smtp.mails).toHaveLength(1);
});
