import type { NotifyChainBody, NotifyLogRow } from '@ess/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { messages, messageUsers } from '../../../db/message-schema';
import { notifyChains, notifyLog, notifyQuietHours, notifyRates, notifyTasks } from '../../../db/notify-schema';
import { roles, stations, userRoles, users } from '../../../db/schema';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { NotifyEngine, type RaisedAlarm, wireNotifyToAlarms } from './';
import { channelsFromEnv, type InAppSink, type Outgoing } from './notify-channels';
import { startSmsReceiver, startSmtpReceiver } from './notify-receivers.kit';

const MIN = 60_000;
const SMS_TOKEN = 'sms-test-token-123';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let admin: string;
let operator: string;
let station: { id: number; name: string };
let otherStation: { id: number; name: string };
/** Recipients made for these tests: Alice reads English, Kenji Japanese, Lin Chinese (no phone). */
const people = {
  alice: { email: 'alice@example.test', phone: '13800000001', lang: 'en_US' },
  kenji: { email: 'kenji@example.test', phone: '13800000002', lang: 'ja_JP' },
  lin: { email: 'lin@example.test', phone: null, lang: 'zh_CN' },
  /** In no organisation and not group-wide: sees no station. */
  otto: { email: 'otto@example.test', phone: '13800000009', lang: 'en_US' },
} as const;
type Person = keyof typeof people;
const uid: Record<Person, number> = { alice: 0, kenji: 0, lin: 0, otto: 0 };
let inApp: Outgoing[] = [];
const sink: InAppSink = { deliver: async (m) => void inApp.push(m) };

let clock = Date.UTC(2030, 0, 15, 10, 0, 0);
const now = () => clock;
let engine: NotifyEngine;
const newEngine = () =>
  new NotifyEngine({ db: ctx.database.db, channels: channelsFromEnv(ctx.env, sink), log: console, now });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  sms = await startSmsReceiver();
  ctx = await createTestApp({
    TELEMETRY: 'off',
    LOGIN_RATE_PER_MINUTE: '1000',
    NOTIFY_TICK_SECONDS: '0',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'ESS alarms <alarms@ess.test>',
    SMS_URL: sms.url,
    SMS_TOKEN,
  });
  const db = ctx.database.db;
  const rows = await db.select({ id: stations.id, name: stations.name }).from(stations).orderBy(stations.id).limit(2);
  [station, otherStation] = rows as [typeof station, typeof otherStation];
  for (const [name, p] of Object.entries(people)) {
    const [u] = await db
      .insert(users)
      .values({
        username: `ntf-${name}`,
        realName: name,
        email: p.email,
        phone: p.phone,
        lang: p.lang,
        passwordHash: 'x',
        groupWide: name !== 'otto',
      })
      .returning({ id: users.id });
    uid[name as Person] = u?.id ?? 0;
  }
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
});

afterAll(async () => {
  await engine?.close();
  await ctx?.close();
  await smtp?.close();
  await sms?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  await db.delete(notifyChains);
  await db.delete(notifyLog);
  await db.delete(notifyQuietHours);
  await db.delete(notifyRates);
  await db.delete(alarmEvents);
  smtp.mails.length = 0;
  sms.messages.length = 0;
  sms.setStatus(200);
  inApp = [];
  clock = Date.UTC(2030, 0, 15, 10, 0, 0);
  await engine?.close();
  engine = newEngine();
});

type StepIn = Partial<NotifyChainBody['steps'][number]> & { users?: Person[] };
async function chain(steps: StepIn[], over: Partial<NotifyChainBody> = {}): Promise<number> {
  const body: NotifyChainBody = {
    name: `chain ${Math.random()}`,
    enabled: true,
    stationIds: [],
    levels: [1, 2, 3, 4],
    stopOnRecovery: true,
    ...over,
    steps: steps.map((s) => ({
      delayMinutes: s.delayMinutes ?? 0,
      repeatMinutes: s.repeatMinutes ?? 0,
      channels: s.channels ?? ['email'],
      userIds: s.userIds ?? (s.users ?? []).map((p) => uid[p]),
      roleIds: s.roleIds ?? [],
    })),
  };
  const res = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', body);
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data.id;
}

let seq = 0;
/** Stores raised events (as the alarm engine does) and hands them to the engine's input port. */
async function raise(
  n: number,
  over: { level?: 1 | 2 | 3 | 4; stationId?: number; content?: string; value?: number; limit?: number } = {},
  to: NotifyEngine = engine,
): Promise<RaisedAlarm[]> {
  const rows = Array.from({ length: n }, () => ({
    stationId: over.stationId ?? station.id,
    kind: 'rule' as const,
    pointCode: 'tempMax',
    value: over.value ?? 48.5,
    limit: over.limit ?? 45,
    level: over.level ?? 2,
    content: over.content ?? 'Rack temperature {value} °C over {limit}',
    dedupKey: `ntf-test-${++seq}`,
    raisedAt: new Date(clock),
  }));
  const ids: RaisedAlarm[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const got = await ctx.database.db
      .insert(alarmEvents)
      .values(rows.slice(i, i + 1000))
      .returning({ id: alarmEvents.id, stationId: alarmEvents.stationId, level: alarmEvents.level });
    ids.push(...got.map((g) => ({ ...g, raisedAt: clock })));
  }
  await to.onAlarmRaised(ids);
  return ids;
}

async function at(minutes: number, e: NotifyEngine = engine) {
  clock = Date.UTC(2030, 0, 15, 10, 0, 0) + minutes * MIN;
  await e.tick();
}

const mailsTo = (p: Person) => smtp.mails.filter((m) => m.to.includes(people[p].email));
async function logRows(): Promise<NotifyLogRow[]> {
  const res = await call(ctx.app, admin, 'POST', '/api/system/notify/log/page', { pageSize: 500 });
  return res.json().data.rows;
}

describe('deliveries', () => {
  it('e-mail, SMS and in-app reach each recipient in their own language', async () => {
    await chain([{ users: ['alice', 'kenji'], channels: ['email', 'sms', 'inapp'] }]);
    const [e] = await raise(1);
    await at(0);

    expect(mailsTo('alice')).toHaveLength(1);
    expect(mailsTo('alice')[0]).toMatchObject({
      from: 'alarms@ess.test',
      subject: `[Major alarm] ${station.name}: Rack temperature 48.5 °C over 45`,
    });
    expect(mailsTo('alice')[0]?.text).toContain('Rack temperature 48.5 °C over 45');
    expect(mailsTo('kenji')[0]?.subject).toBe(`【重大アラーム】${station.name}：Rack temperature 48.5 °C over 45`);

    expect(sms.messages.map((m) => m.body.to).sort()).toEqual([people.alice.phone, people.kenji.phone]);
    expect(sms.messages.every((m) => m.authorization === `Bearer ${SMS_TOKEN}`)).toBe(true);
    expect(sms.messages.find((m) => m.body.to === people.alice.phone)?.body).toMatchObject({ lang: 'en_US' });

    expect(inApp.map((m) => m.userId).sort()).toEqual([uid.alice, uid.kenji].sort());
    const log = await logRows();
    expect(log).toHaveLength(6);
    expect(log.every((r) => r.status === 'sent' && r.reason === 'alarm' && r.eventIds[0] === e?.id)).toBe(true);
  });

  it('logs a missing phone, a refused SMS and a channel that is not configured', async () => {
    await chain([{ users: ['lin', 'alice'], channels: ['sms'] }]);
    sms.setStatus(503);
    await raise(1);
    await at(0);
    const log = await logRows();
    expect(log.find((r) => r.userId === uid.lin)).toMatchObject({ status: 'failed', reason: 'noAddress' });
    expect(log.find((r) => r.userId === uid.alice)).toMatchObject({
      status: 'failed',
      reason: 'error',
      detail: 'SMS provider answered HTTP 503',
    });

    const noMail = new NotifyEngine({
      db: ctx.database.db,
      channels: { inapp: { send: async () => {} } },
      log: console,
      now,
    });
    await chain([{ users: ['alice'], channels: ['email'] }], { levels: [1] });
    await raise(1, { level: 1 }, noMail);
    await at(0, noMail);
    expect((await logRows()).find((r) => r.channel === 'email')).toMatchObject({
      status: 'failed',
      reason: 'channelOff',
    });
    await noMail.close();
  });

  it('a role in a step means every user holding it', async () => {
    const db = ctx.database.db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'maintainer'));
    const members = await db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.roleId, role?.id ?? 0));
    expect(members.length).toBeGreaterThan(0);
    await chain([{ roleIds: [role?.id ?? 0], channels: ['inapp'] }]);
    await raise(1);
    await at(0);
    // Each member is logged (sent, or suppressed when the station is outside their scope).
    expect((await logRows()).map((r) => r.userId).sort()).toEqual(members.map((m) => m.userId).sort());
  });

  it('nobody is told about a station outside their scope', async () => {
    await chain([{ users: ['alice', 'otto'], channels: ['email'] }]);
    const [e] = await raise(1);
    await at(0);
    expect(smtp.mails.map((m) => m.to)).toEqual([[people.alice.email]]);
    expect((await logRows()).find((r) => r.userId === uid.otto)).toMatchObject({
      status: 'suppressed',
      reason: 'outOfScope',
      eventIds: [e?.id],
    });
  });

  it('only chains of the alarm level and station are used', async () => {
    await chain([{ users: ['alice'] }], { levels: [1], stationIds: [station.id] });
    await chain([{ users: ['kenji'] }], { levels: [2], stationIds: [otherStation.id] });
    await raise(1, { level: 2 });
    await at(0);
    expect(smtp.mails).toHaveLength(0);
    await raise(1, { level: 1 });
    await raise(1, { level: 2, stationId: otherStation.id });
    await at(0);
    expect(mailsTo('alice')).toHaveLength(1);
    expect(mailsTo('kenji')).toHaveLength(1);
  });
});

describe('escalation', () => {
  it('repeats every N minutes, escalates after M, stops on confirm', async () => {
    await chain([
      { users: ['alice'], delayMinutes: 0, repeatMinutes: 5 },
      { users: ['kenji'], delayMinutes: 15, repeatMinutes: 10 },
    ]);
    const [e] = await raise(1);
    const counts = async (m: number) => {
      await at(m);
      return [mailsTo('alice').length, mailsTo('kenji').length];
    };
    expect(await counts(0)).toEqual([1, 0]);
    expect(await counts(4)).toEqual([1, 0]);
    expect(await counts(5)).toEqual([2, 0]);
    expect(await counts(10)).toEqual([3, 0]);
    expect(await counts(14.9)).toEqual([3, 0]);
    expect(await counts(15)).toEqual([3, 1]);
    expect(await counts(20)).toEqual([3, 1]);
    expect(await counts(25)).toEqual([3, 2]);

    // Confirmed in the alarm centre: the port stops the chain.
    await ctx.database.db
      .update(alarmEvents)
      .set({ confirmed: true })
      .where(eq(alarmEvents.id, e?.id ?? 0));
    await engine.onAlarmsConfirmed([e?.id ?? 0]);
    expect(await counts(35)).toEqual([3, 2]);
    expect(await counts(120)).toEqual([3, 2]);
    const [task] = await ctx.database.db
      .select()
      .from(notifyTasks)
      .where(eq(notifyTasks.eventId, e?.id ?? 0));
    expect(task).toMatchObject({ nextDueAt: null, rounds: 5 });
  });

  it('stops once confirmed even when the port was not told, and on recovery when the chain says so', async () => {
    await chain([{ users: ['alice'], repeatMinutes: 5 }], { stopOnRecovery: true });
    const [a, b] = await raise(2);
    await at(0);
    expect(mailsTo('alice')).toHaveLength(1);
    await ctx.database.db
      .update(alarmEvents)
      .set({ confirmed: true })
      .where(eq(alarmEvents.id, a?.id ?? 0));
    await at(5);
    expect(mailsTo('alice')[1]?.subject).toContain('Rack temperature');
    await ctx.database.db
      .update(alarmEvents)
      .set({ recoveredAt: new Date(clock) })
      .where(eq(alarmEvents.id, b?.id ?? 0));
    await engine.onAlarmRecovered([b?.id ?? 0]);
    await at(10);
    expect(mailsTo('alice')).toHaveLength(2);
  });

  it('after a restart nothing is sent twice, and the schedule goes on', async () => {
    await chain([{ users: ['alice'], repeatMinutes: 5 }]);
    const events = await raise(1);
    await at(0);
    expect(mailsTo('alice')).toHaveLength(1);

    await engine.close();
    engine = newEngine();
    await at(0);
    await engine.onAlarmRaised(events); // the raise seen again after the restart
    await at(1);
    expect(mailsTo('alice')).toHaveLength(1);

    // Two instances on one database at the due time: one round.
    const second = newEngine();
    clock = Date.UTC(2030, 0, 15, 10, 5, 0);
    await Promise.all([engine.tick(), second.tick()]);
    await second.close();
    expect(mailsTo('alice')).toHaveLength(2);
  });

  it('feeds on the alarm bus', async () => {
    await chain([{ users: ['alice'] }]);
    const bus = new TelemetryBus();
    const fast = new NotifyEngine({
      db: ctx.database.db,
      channels: channelsFromEnv(ctx.env, sink),
      log: console,
      now,
      coalesceMs: 1,
    });
    const off = wireNotifyToAlarms(ctx.database.db, bus, fast, console);
    const [row] = await ctx.database.db
      .insert(alarmEvents)
      .values({
        stationId: station.id,
        kind: 'lost',
        level: 1,
        content: '',
        dedupKey: 'ntf-bus',
        raisedAt: new Date(clock),
      })
      .returning({ id: alarmEvents.id });
    bus.emit('alarm', { stationId: station.id, change: 'raised', eventIds: [row?.id ?? 0], count: 1 });
    await expect.poll(() => mailsTo('alice').length).toBe(1);
    expect(mailsTo('alice')[0]?.subject).toBe(`[Critical alarm] ${station.name}: ${station.name} lost contact`);
    off();
    await fast.close();
  });
});

describe('quiet hours', () => {
  it('hold back e-mail and SMS in the window, but not in-app and (if allowed) not critical alarms', async () => {
    await call(ctx.app, admin, 'POST', '/api/system/notify/quiet/save', {
      userId: uid.alice,
      startMinute: 22 * 60,
      endMinute: 7 * 60,
      timezone: 'Asia/Tokyo',
      allowCritical: true,
      enabled: true,
    });
    await chain([{ users: ['alice'], channels: ['email', 'sms', 'inapp'] }]);
    // 10:00 UTC is 19:00 in Tokyo: outside the window.
    await raise(1, { level: 2 });
    await at(0);
    expect([mailsTo('alice').length, sms.messages.length, inApp.length]).toEqual([1, 1, 1]);

    // 14:00 UTC is 23:00 in Tokyo.
    await at(240);
    await raise(1, { level: 3 });
    await at(240);
    expect([mailsTo('alice').length, sms.messages.length, inApp.length]).toEqual([1, 1, 2]);
    const held = (await logRows()).filter((r) => r.reason === 'quietHours');
    expect(held.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    expect(held.every((r) => r.status === 'suppressed')).toBe(true);

    await raise(1, { level: 1 });
    await at(240);
    expect([mailsTo('alice').length, sms.messages.length, inApp.length]).toEqual([2, 2, 3]);
  });
});

describe('alarm storm', () => {
  it('500 alarms at once become one digest per recipient and channel; the rate limit caps repeats', async () => {
    await call(ctx.app, admin, 'POST', '/api/system/notify/rate/save', {
      stationId: station.id,
      maxPerWindow: 3,
      windowMinutes: 60,
    });
    await chain([{ users: ['alice', 'kenji'], channels: ['email', 'sms'], repeatMinutes: 1 }]);
    await raise(500);
    await at(0);
    expect(mailsTo('alice')).toHaveLength(1);
    expect(mailsTo('kenji')).toHaveLength(1);
    expect(sms.messages).toHaveLength(2);
    expect(mailsTo('alice')[0]?.subject).toBe(`[Alarm digest] 500 alarms at ${station.name}`);
    expect(mailsTo('alice')[0]?.text).toContain('and 490 more');
    expect(mailsTo('kenji')[0]?.subject).toBe(`【アラーム集約】${station.name} で 500 件のアラーム`);

    for (const m of [1, 2, 3, 4]) await at(m);
    expect(mailsTo('alice')).toHaveLength(3);
    expect(sms.messages).toHaveLength(6);
    const limited = (await logRows()).filter((r) => r.reason === 'rateLimit');
    // Minutes 3 and 4, for two people on two channels.
    expect(limited).toHaveLength(8);
    expect(limited[0]?.eventIds).toHaveLength(500);
    // Nothing past the window: an hour after the first, the limit admits the next digest.
    await at(60.5);
    expect(mailsTo('alice')).toHaveLength(4);
  });
});

describe('configuration calls', () => {
  it('admin edits; others are refused with 403', async () => {
    const body = {
      name: 'Night shift',
      enabled: true,
      stationIds: [station.id],
      levels: [1, 2],
      stopOnRecovery: false,
      steps: [{ delayMinutes: 0, repeatMinutes: 10, channels: ['email'], userIds: [uid.alice], roleIds: [] }],
    };
    for (const path of ['chain/save', 'rate/save', 'quiet/save', 'config', 'log/page']) {
      const res = await call(ctx.app, operator, 'POST', `/api/system/notify/${path}`, {});
      expect(res.statusCode, path).toBe(403);
    }
    const saved = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', body);
    expect(saved.statusCode).toBe(200);
    const config = await call(ctx.app, admin, 'POST', '/api/system/notify/config', {});
    expect(config.json().data.chains).toEqual([
      expect.objectContaining({ ...body, id: saved.json().data.id, levels: [1, 2] }),
    ]);
    expect(config.json().data.channels).toEqual({ email: true, sms: true, inapp: true });

    const badOrder = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', {
      ...body,
      steps: [body.steps[0], { ...body.steps[0], delayMinutes: 0 }],
    });
    expect(badOrder.statusCode).toBe(400);
    const unknownUser = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', {
      ...body,
      steps: [{ ...body.steps[0], userIds: [999_999] }],
    });
    expect(unknownUser.statusCode).toBe(400);
  });

  it('test send goes out and is logged', async () => {
    const res = await call(ctx.app, admin, 'POST', '/api/system/notify/test', { userId: uid.kenji, channel: 'email' });
    expect(res.json().data).toEqual({ status: 'sent', reason: 'test', detail: null });
    await expect.poll(() => mailsTo('kenji').length).toBe(1);
    expect(mailsTo('kenji')[0]?.subject).toBe('【テスト】蓄電プラットフォームのアラーム通知');
    const sent = await call(ctx.app, admin, 'POST', '/api/system/notify/test', { userId: uid.lin, channel: 'sms' });
    expect(sent.json().data).toMatchObject({ status: 'failed', reason: 'noAddress' });
    const log = await logRows();
    expect(log.map((r) => [r.userId, r.channel, r.reason, r.status])).toEqual([
      [uid.lin, 'sms', 'noAddress', 'failed'],
      [uid.kenji, 'email', 'test', 'sent'],
    ]);
    const filtered = await call(ctx.app, admin, 'POST', '/api/system/notify/log/page', { status: 'sent' });
    expect(filtered.json().data.total).toBe(1);
  });

  it('in-app notices land in the messages module as alarm messages to the user', async () => {
    const res = await call(ctx.app, admin, 'POST', '/api/system/notify/test', { userId: uid.alice, channel: 'inapp' });
    expect(res.json().data).toMatchObject({ status: 'sent', reason: 'test' });
    const rows = await ctx.database.db
      .select({ title: messages.title, type: messages.messageType, sender: messages.creatorName })
      .from(messages)
      .innerJoin(messageUsers, eq(messageUsers.messageId, messages.id))
      .where(eq(messageUsers.userId, uid.alice));
    expect(rows).toEqual([
      { title: '[Test] Energy-storage platform alarm notification', type: 3, sender: 'Alarm notifications' },
    ]);
  });

  it('deleting a chain removes its pending schedule', async () => {
    const id = await chain([{ users: ['alice'], repeatMinutes: 5 }]);
    await raise(3);
    await at(0);
    await call(ctx.app, admin, 'POST', '/api/system/notify/chain/delete', { id });
    const left = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifyTasks)
      .where(inArray(notifyTasks.chainId, [id]));
    expect(left[0]?.n).toBe(0);
  });
});
