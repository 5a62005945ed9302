import { messageApi, notifyApi } from '@ess/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { devices, roles, users } from '../../../db/schema';
import { translate } from '../../../i18n/messages';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { rowName } from '../../stations/device/local-name';
import { liveServer, TestClient } from '../../telemetry/live/live.kit';
import { MessageService } from '../message/message.service';
import { NotifyEngine, wireNotifyToAlarms } from './';
import { channelsFromEnv } from './notify-channels';
import { messageInAppSink } from './notify-inapp';

/**
 * An alarm's in-app notice goes through the messages module: stored and told on the bus, so the
 * recipient's live socket hears of it at once (not at the 15 s play clock) and the bell's query
 * (playing, unread) lists it, with the device named in the recipient's language.
 */
let ctx: TestContext;
let server: Awaited<ReturnType<typeof liveServer>>;
let operator: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000', NOTIFY_TICK_SECONDS: '0' });
  server = await liveServer(ctx);
  operator = await login(ctx.app, 'operator');
  admin = await login(ctx.app, 'admin');
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

it('reaches the recipient’s live socket at once and lists in the bell, in their language', async () => {
  const db = ctx.database.db;
  const stationId = (await stationIdLookup(db))('JS-SZ01');
  const [device] = await db
    .select({ id: devices.id, name: devices.name, names: devices.names })
    .from(devices)
    .where(and(eq(devices.stationId, stationId), sql`${devices.names} ->> 'ja_JP' <> ${devices.name}`))
    .limit(1);
  const [me] = await db
    .update(users)
    .set({ lang: 'ja_JP' })
    .where(eq(users.username, 'operator'))
    .returning({ id: users.id });
  if (!device || !me) throw new Error('seed missing');
  const saved = await call(ctx.app, admin, 'POST', `/api${notifyApi.notifyChainSave.path}`, {
    name: 'Operators in-app',
    enabled: true,
    stationIds: [stationId],
    levels: [2],
    stopOnRecovery: true,
    steps: [{ delayMinutes: 0, repeatMinutes: 0, channels: ['inapp'], userIds: [me.id], roleIds: [] }],
  });
  expect(saved.statusCode).toBe(200);

  // The engine's clock stands still at the raise; the messages module reads real time, a moment later.
  const raisedAt = Date.now();
  const messages = new MessageService(db, Date.now, (c) => server.bus.emit('messages', c));
  const engine = new NotifyEngine({
    db,
    channels: channelsFromEnv(ctx.env, messageInAppSink(messages)),
    log: console,
    now: () => raisedAt,
    coalesceMs: 1,
  });
  const off = wireNotifyToAlarms(db, server.bus, engine, console);

  const socket = await TestClient.open(server.url);
  socket.send({ type: 'auth', token: operator });
  await socket.next('ready');
  socket.send({ type: 'subscribe', stationId });
  await socket.next('snapshot');
  const before = socket.received.length;

  const [event] = await db
    .insert(alarmEvents)
    .values({
      stationId,
      deviceId: device.id,
      kind: 'offline',
      level: 2,
      content: '',
      dedupKey: 'notify-inapp-test',
      raisedAt: new Date(raisedAt),
    })
    .returning({ id: alarmEvents.id });
  server.bus.emit('alarm', { stationId, change: 'raised', eventIds: [event?.id ?? 0], count: 1 });
  // Well inside the play clock's 15 s: only the notice's own event can tell the socket this soon.
  await vi.waitFor(
    () => {
      if (!socket.received.slice(before).some((r) => r.msg.type === 'messages')) throw new Error('no push yet');
    },
    { timeout: 3_000, interval: 10 },
  );

  const bell = await call(ctx.app, operator, 'POST', `/api${messageApi.receivedMessages.path}`, {
    receivingUser: me.id,
    stationId,
    createStatus: 3,
    readStatus: 0,
    pageNum: 1,
    pageSize: 10,
  });
  const text = translate('ja_JP', 'alarmDeviceOffline', { device: rowName(device, 'ja_JP') });
  expect(bell.json().data.list).toEqual([
    expect.objectContaining({ messageType: 3, createUserName: 'アラーム通知', title: expect.any(String) }),
  ]);
  expect(bell.json().data.list[0].title).toContain(text);
  expect(bell.json().data.list[0].title).not.toContain(device.name);

  socket.close();
  off();
  await engine.close();
});

it('names the roles a step may notify in the caller’s language', async () => {
  const seeded = await ctx.database.db
    .select({ id: roles.id, name: roles.name, names: roles.names })
    .from(roles)
    .where(eq(roles.enabled, true));
  const res = await call(ctx.app, admin, 'POST', `/api${notifyApi.notifyConfig.path}`, {}, 'ja_JP');
  const shown = new Map<number, string>(res.json().data.roles.map((r: { id: number; name: string }) => [r.id, r.name]));
  expect(seeded.some((r) => r.names.ja_JP && r.names.ja_JP !== r.name)).toBe(true);
  for (const r of seeded) expect(shown.get(r.id)).toBe(rowName(r, 'ja_JP'));
});
