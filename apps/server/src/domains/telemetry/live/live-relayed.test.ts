import type { CommandRow } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../../stations/device/sessions.kit';
import { liveServer, TestClient } from './live.kit';

let ctx: TestContext;
let server: Awaited<ReturnType<typeof liveServer>>;
let tokens: Record<Role, string>;
let sid: (code: string) => number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  server = await liveServer(ctx);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const commandRow = (stationId: number): CommandRow => ({
  id: 41,
  commandId: 'points-41',
  stationId,
  deviceId: 9,
  deviceSn: 'SN-9',
  kind: 'points',
  pointCode: 'pSet',
  value: -50,
  state: 'failure',
  issuedBy: 'Admin',
  createTime: 1000,
  sentTime: 1001,
  resolvedTime: 1002,
  message: '@commandDeviceOffline',
});

describe('changes another instance made (cluster relay) on this instance live sockets', () => {
  it('reach the sockets watching their station, and the bells of every signed-in user', async () => {
    const station = sid('JS-NJ01');
    const c = await TestClient.open(server.url);
    c.send({ type: 'auth', token: tokens.operator, lang: 'en_US' });
    await c.next('ready');
    c.send({ type: 'subscribe', stationId: station });
    await c.next('snapshot');
    const { bus } = server;
    // Another station's change is not this socket's.
    bus.emit('relayedLive', {
      kind: 'alarm',
      change: { stationId: sid('GD-SZ01'), change: 'raised', eventIds: [6], count: 1 },
    });
    bus.emit('relayedLive', {
      kind: 'alarm',
      change: { stationId: station, change: 'raised', eventIds: [7], count: 3 },
    });
    expect(await c.next('alarm')).toMatchObject({ stationId: station, change: 'raised', eventIds: [7], count: 3 });
    expect(c.of('alarm')).toHaveLength(1);
    bus.emit('relayedLive', { kind: 'command', change: { stationId: station, command: commandRow(station) } });
    // Localized for this socket like a command settled here.
    const command = await c.next('command');
    expect(command.command).toMatchObject({ id: 41, state: 'failure' });
    expect(command.command.message).not.toContain('@');
    bus.emit('relayedLive', { kind: 'messages', change: { userIds: null } });
    await c.next('messages');
    c.close();
  });
});
