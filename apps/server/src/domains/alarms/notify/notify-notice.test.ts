import { LANGS, type Lang, type NotifyChainBody } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, messageUsers } from '../../../db/message-schema';
import { notifyLog, notifyNotices } from '../../../db/notify-schema';
import { stations, users } from '../../../db/schema';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { MessageService } from '../message';
import { NotifyEngine, raiseNotice, type StationNotice } from './';
import { channelsFromEnv } from './notify-channels';
import { messageInAppSink } from './notify-inapp';
import { startSmtpReceiver } from './notify-receivers.kit';

/**
 * Notices: station events other than alarms (a work order's SLA) raised to the chains through
 * the face's `raiseNotice`, sent by the engine's rounds with the alarms' rules.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let admin: string;
let station: number;
let otherStation: number;
let engine: NotifyEngine;
const clock = Date.UTC(2030, 0, 15, 10, 0, 0);
const uid = { ann: 0, ken: 0, otto: 0 };
const langs: Record<keyof typeof uid, Lang> = { ann: 'en_US', ken: 'ja_JP', otto: 'en_US' };

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestApp({
    TELEMETRY: 'off',
    LOGIN_RATE_PER_MINUTE: '1000',
    NOTIFY_TICK_SECONDS: '0',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'ESS <alarms@ess.test>',
    PUBLIC_URL: 'https://ess.example.test/',
  });
  const db = ctx.database.db;
  const rows = await db.select({ id: stations.id }).from(stations).orderBy(stations.id).limit(2);
  [station, otherStation] = rows.map((r) => r.id) as [number, number];
  for (const name of Object.keys(uid) as (keyof typeof uid)[]) {
    const [u] = await db
      .insert(users)
      .values({
        username: `notice-${name}`,
        realName: name,
        email: `${name}@example.test`,
        lang: langs[name],
        passwordHash: 'x',
        // Otto is in no organisation and not group-wide: he sees no station.
        groupWide: name !== 'otto',
      })
      .returning({ id: users.id });
    uid[name] = u?.id ?? 0;
  }
  admin = await login(ctx.app, 'admin');
  engine = new NotifyEngine({
    db,
    channels: channelsFromEnv(ctx.env, messageInAppSink(new MessageService(db))),
    log: console,
    now: () => clock,
  });
});
afterAll(async () => {
  await engine?.close();
  await ctx?.close();
  await smtp?.close();
});

async function chain(
  over: Partial<NotifyChainBody>,
  userIds: number[],
  channels: NotifyChainBody['steps'][0]['channels'],
) {
  const body: NotifyChainBody = {
    name: `notice chain ${Math.random()}`,
    enabled: true,
    stationIds: [],
    levels: [1, 2, 3, 4],
    stopOnRecovery: true,
    ...over,
    // The second step is an escalation: a notice, which nobody confirms, never reaches it.
    steps: [
      { delayMinutes: 0, repeatMinutes: 5, channels, userIds, roleIds: [] },
      { delayMinutes: 30, repeatMinutes: 0, channels, userIds: [uid.ken], roleIds: [] },
    ],
  };
  const res = await call(ctx.app, admin, 'POST', '/api/system/notify/chain/save', body);
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data.id as number;
}

const notice = (key: string, over: Partial<StationNotice> = {}): StationNotice => ({
  key,
  stationId: station,
  level: 2,
  texts: Object.fromEntries(LANGS.map((l) => [l, { subject: `${key} ${l}`, text: `${key} body ${l}` }])) as Record<
    Lang,
    { subject: string; text: string }
  >,
  link: '/operational-inspection/all-task-detail?id=7',
  toldInApp: [],
  at: clock,
  ...over,
});

const logOf = (key: string) =>
  ctx.database.db
    .select()
    .from(notifyLog)
    .then((rows) => rows.filter((r) => r.subject.startsWith(`${key} `)));

describe('notices to the chains', () => {
  it('go once per key to the first step of the chains of their station and level', async () => {
    const covering = await chain({ stationIds: [station], levels: [2] }, [uid.ann, uid.otto], ['email']);
    await chain({ levels: [1] }, [uid.ken], ['email']);
    await chain({ stationIds: [otherStation] }, [uid.ken], ['email']);

    expect(await raiseNotice(ctx.database.db, notice('n1'))).toBe(true);
    // A retried raise (the sweep again, another instance) finds the key taken.
    expect(await raiseNotice(ctx.database.db, notice('n1', { at: clock + 1 }))).toBe(false);
    await engine.tick();
    await engine.tick();

    expect(smtp.mails.filter((m) => m.subject.startsWith('n1 ')).map((m) => [m.to, m.subject])).toEqual([
      [['ann@example.test'], 'n1 en_US'],
    ]);
    const log = await logOf('n1');
    expect(log.map((r) => [r.userId, r.status, r.reason]).sort()).toEqual(
      [
        [uid.ann, 'sent', 'notice'],
        // Nobody is told of a station outside their scope.
        [uid.otto, 'suppressed', 'outOfScope'],
      ].sort(),
    );
    expect(log.every((r) => r.chainId === covering && r.step === 1 && r.eventIds.length === 0)).toBe(true);
    const [stored] = await ctx.database.db.select().from(notifyNotices).where(eq(notifyNotices.key, 'n1'));
    expect(stored?.sentAt?.getTime()).toBe(clock);
  });

  it('skip in-app for users the raiser told already, and link the in-app message to its page', async () => {
    await chain({ stationIds: [station], levels: [3] }, [uid.ann, uid.ken], ['inapp', 'email']);
    await raiseNotice(ctx.database.db, notice('n2', { level: 3, toldInApp: [uid.ann] }));
    await engine.tick();

    const log = await logOf('n2');
    expect(log.map((r) => `${r.userId}/${r.channel}/${r.status}`).sort()).toEqual(
      [`${uid.ann}/email/sent`, `${uid.ken}/email/sent`, `${uid.ken}/inapp/sent`].sort(),
    );
    const inApp = await ctx.database.db
      .select({ title: messages.title, link: messages.link, userId: messageUsers.userId })
      .from(messages)
      .innerJoin(messageUsers, eq(messageUsers.messageId, messages.id))
      .then((rows) => rows.filter((r) => r.title.startsWith('n2 ')));
    expect(inApp).toEqual([{ title: 'n2 ja_JP', link: notice('n2').link, userId: uid.ken }]);
    // The e-mail ends with the page's address on the platform (PUBLIC_URL): a path is no use there.
    const mail = smtp.mails.find((m) => m.subject === 'n2 ja_JP');
    expect(mail?.text).toBe('n2 body ja_JP\n\nhttps://ess.example.test/operational-inspection/all-task-detail?id=7');
  });
});
