import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesChange } from '../../../kernel/telemetry-bus';
import type { SessionUser } from '../../../lib/types';
import { createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../../stations/device/sessions.kit';
import { liveServer, TestClient } from '../../telemetry/live/live.kit';
import { MessageService } from './message.service';
import { MessagePlayClock } from './message-play-clock';

/**
 * The message bells learn of changes over the live socket: the service says whose received
 * messages changed, the hub tells those users' sockets (subscribed to a station or not), and
 * timed messages are told when their play window opens.
 */
let ctx: TestContext;
let server: Awaited<ReturnType<typeof liveServer>>;
let tokens: Record<Role, string>;
let users: Record<Role, SessionUser>;
let station: (code: string) => number;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  tokens = await signInAll(ctx.app);
  station = await stationIdLookup(ctx.database.db);
  server = await liveServer(ctx);
  const auth = ctx.app.auth;
  const entries = await Promise.all(
    Object.entries(tokens).map(async ([role, token]) => [role, await auth.authenticate(token)] as const),
  );
  users = Object.fromEntries(entries) as Record<Role, SessionUser>;
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

async function signedIn(role: Role): Promise<TestClient> {
  const c = await TestClient.open(server.url);
  c.send({ type: 'auth', token: tokens[role] });
  await c.next('ready');
  return c;
}

const settle = () => new Promise((r) => setTimeout(r, 150));
const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Inspection',
  messageContent: 'Fire system inspection at 14:00',
  messageType: 1 as const,
  receivingType: 1 as const,
  receivingObjects: [station('JS-SZ01')],
  sendMode: 'now' as const,
  playStartTime: undefined,
  playEndTime: Date.now() + 2 * HOUR,
  playFrequency: 30,
  frequencyUnit: 'minute' as const,
  ...over,
});

describe('message pushes on the live socket', () => {
  it('tells every signed-in socket of a message sent now, and only the reader of a confirmation', async () => {
    const service = new MessageService(ctx.database.db, Date.now, (c) => server.bus.emit('messages', c));
    const [operator, manager] = [await signedIn('operator'), await signedIn('manager')];
    const sent = await service.add(users.admin, draft() as Parameters<MessageService['add']>[1]);
    await operator.next('messages');
    await manager.next('messages');

    const before = { operator: operator.of('messages').length, manager: manager.of('messages').length };
    await service.confirmRead(users.operator, { messageId: sent.messageId });
    await operator.next('messages', 3000, operator.received.length - 1);
    await settle();
    expect(operator.of('messages').length).toBe(before.operator + 1);
    // The manager's unread count did not change: no push.
    expect(manager.of('messages').length).toBe(before.manager);
    operator.close();
    manager.close();
  });

  it('says nothing for a draft, and tells when a timed message starts playing', async () => {
    const emitted: MessagesChange[] = [];
    let now = Date.now();
    const clock = () => now;
    const service = new MessageService(ctx.database.db, clock, (c) => emitted.push(c));
    const play = new MessagePlayClock(ctx.database.db, (c) => emitted.push(c), clock);
    await service.add(
      users.admin,
      draft({ sendMode: 'timed', playStartTime: now + HOUR, playEndTime: now + 3 * HOUR }) as Parameters<
        MessageService['add']
      >[1],
    );
    expect(emitted).toEqual([]);
    now += 30 * 60_000;
    await play.check();
    expect(emitted).toEqual([]);
    now += 31 * 60_000;
    await play.check();
    expect(emitted).toEqual([{ userIds: null }]);
    // Nothing new in the next span; the end of the window is told again.
    await play.check();
    expect(emitted).toHaveLength(1);
    now += 2 * HOUR;
    await play.check();
    expect(emitted).toHaveLength(2);
  });
});
