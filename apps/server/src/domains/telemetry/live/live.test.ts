import { LIVE_CLOSE } from '@ess/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';
import { type Role, signInAll } from '../../stations/device/sessions.kit';
import { deviceIdOf, pointIdOf, writeLatest } from '../../stations/point/telemetry-fixtures.kit';
import { liveServer, TestClient } from './live.kit';
import { type LiveSink, SINKS_PER_TURN } from './live-hub';

let ctx: TestContext;
let server: Awaited<ReturnType<typeof liveServer>>;
let tokens: Record<Role, string>;
let sid: (code: string) => number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off' });
  tokens = await signInAll(ctx.app);
  sid = await stationIdLookup(ctx.database.db);
  server = await liveServer(ctx, { authTimeoutMs: 300, sessionCheckMs: 150 });
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

async function ready(token: string, lang?: string): Promise<TestClient> {
  const c = await TestClient.open(server.url);
  c.send({ type: 'auth', token, ...(lang ? { lang } : {}) });
  await c.next('ready');
  return c;
}

describe('live socket authentication', () => {
  it('closes a socket that does not authenticate within the time limit (4000)', async () => {
    const c = await TestClient.open(server.url);
    expect(await c.closed).toEqual({ code: LIVE_CLOSE.AUTH_TIMEOUT, reason: 'authentication timeout' });
  });

  it('closes a socket whose first message is not auth (4001), or whose token is unknown (4003)', async () => {
    const a = await TestClient.open(server.url);
    a.send({ type: 'subscribe', stationId: 1 });
    expect((await a.closed).code).toBe(LIVE_CLOSE.AUTH_REQUIRED);
    const b = await TestClient.open(server.url);
    b.send('not json');
    expect((await b.closed).code).toBe(LIVE_CLOSE.AUTH_REQUIRED);
    const c = await TestClient.open(server.url);
    c.send({ type: 'auth', token: 'forged-token' });
    expect(await c.closed).toEqual({ code: LIVE_CLOSE.SESSION_INVALID, reason: 'session invalid' });
  });

  it('says ready to a valid token and answers pings', async () => {
    const c = await ready(tokens.operator);
    c.send({ type: 'ping' });
    const pong = await c.next('pong');
    expect(Math.abs(pong.ts - Date.now())).toBeLessThan(5000);
    c.close();
  });

  it('closes when the session is revoked (logout: 4003) or expires (4002)', async () => {
    const token = await login(ctx.app, 'operator');
    const c = await ready(token);
    await call(ctx.app, token, 'GET', '/api/sys/user/logout');
    expect((await c.closed).code).toBe(LIVE_CLOSE.SESSION_INVALID);

    const other = await login(ctx.app, 'maintainer');
    const d = await ready(other);
    const [session] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session?.id ?? 0));
    // Written behind the app's back: its session cache is told, as the app's own writes do.
    ctx.app.auth.sessionsChanged({ all: true });
    expect(await d.closed).toEqual({ code: LIVE_CLOSE.SESSION_EXPIRED, reason: 'session expired' });
  });
});

describe('live station subscription', () => {
  it('sends a snapshot of the station from the latest values, with the summary', async () => {
    const db = ctx.database.db;
    const t = Date.now() - 2000;
    await writeLatest(db, [
      { pointId: await pointIdOf(db, 'JS-NJ01-CAB-01', 'soc'), ts: t, value: 71 },
      { pointId: await pointIdOf(db, 'JS-NJ01-VIRT', 'storagePower'), ts: t, value: -300 },
      { pointId: await pointIdOf(db, 'JS-NJ01-VIRT', 'soc'), ts: t, value: 70.5 },
    ]);
    const c = await ready(tokens.operator);
    c.send({ type: 'subscribe', stationId: sid('JS-NJ01') });
    const snap = await c.next('snapshot');
    expect(snap.stationId).toBe(sid('JS-NJ01'));
    const cab = snap.devices.find((d) => d.sn === 'JS-NJ01-CAB-01');
    expect(cab).toMatchObject({ type: 'cabinet', status: 'offline', values: { soc: { value: 71, ts: t } } });
    expect(snap.devices.some((d) => d.type === 'virtual')).toBe(true);
    expect(snap.summary).toMatchObject({
      stationId: sid('JS-NJ01'),
      ts: t,
      storagePower: -300,
      soc: 70.5,
      pvPower: null,
    });
    c.close();
  });

  it('refuses a station out of scope with a localized error and keeps the socket', async () => {
    const c = await ready(tokens.operator, 'en_US');
    c.send({ type: 'subscribe', stationId: sid('GD-SZ01') });
    expect(await c.next('error')).toEqual({
      type: 'error',
      code: 404,
      msg: 'Station does not exist or is not accessible',
    });
    c.send({ type: 'subscribe', stationId: 'nope' });
    expect((await c.next('error', 3000, 2)).msg).toBe('Unrecognised live message');
    c.send({ type: 'subscribe', stationId: sid('JS-SZ01') });
    expect((await c.next('snapshot')).stationId).toBe(sid('JS-SZ01'));
    c.close();
  });

  it('pushes latest values at most once a second per device, newest values winning', async () => {
    const db = ctx.database.db;
    const station = sid('GD-SZ01');
    const cab1 = await deviceIdOf(db, 'GD-SZ01-CAB-01');
    const cab2 = await deviceIdOf(db, 'GD-SZ01-CAB-02');
    const c = await ready(tokens.maintainer);
    c.send({ type: 'subscribe', stationId: station });
    await c.next('snapshot');
    const start = Date.now();
    // Ten batches in 900 ms for one cabinet: faster than 1 Hz.
    for (let i = 0; i < 10; i++) {
      server.bus.emit('committed', [
        { stationId: station, deviceId: cab1, values: { p: { value: i, ts: start + i } } },
        ...(i === 3 ? [{ stationId: station, deviceId: cab2, values: { soc: { value: 50, ts: start } } }] : []),
        // Another station's data never reaches this socket.
        { stationId: sid('GD-GZ01'), deviceId: 1, values: { p: { value: 1, ts: start } } },
      ]);
      await sleep(100);
    }
    // The last batch's value, held back until a second after the first was sent.
    await vi.waitFor(() => expect(c.of('latest').filter((r) => r.msg.deviceId === cab1)).toHaveLength(2), {
      timeout: 5_000,
    });
    const latest = c.of('latest').filter((r) => r.msg.deviceId === cab1);
    expect(latest.map((r) => r.msg.values.p?.value)).toEqual([0, 9]);
    expect((latest[1]?.at ?? 0) - (latest[0]?.at ?? 0)).toBeGreaterThanOrEqual(990);
    expect(c.of('latest').filter((r) => r.msg.deviceId === cab2)).toHaveLength(1);
    expect(c.of('latest').every((r) => r.msg.stationId === station)).toBe(true);
    c.close();
  });

  it('pushes device status changes and summary updates of the station totals', async () => {
    const db = ctx.database.db;
    const station = sid('ZJ-HZ01');
    const totals = await deviceIdOf(db, 'ZJ-HZ01-VIRT');
    const cab = await deviceIdOf(db, 'ZJ-HZ01-CAB-02');
    const c = await ready(tokens.manager);
    c.send({ type: 'subscribe', stationId: station });
    await c.next('snapshot');
    const ts = Date.now();
    server.bus.emit('deviceStatus', { stationId: station, deviceId: cab, online: true, at: ts });
    server.bus.emit('committed', [
      {
        stationId: station,
        deviceId: totals,
        values: { storagePower: { value: 450, ts }, gridPower: { value: -20, ts }, soc: { value: 66, ts } },
      },
    ]);
    expect(await c.next('deviceStatus')).toEqual({
      type: 'deviceStatus',
      stationId: station,
      deviceId: cab,
      online: true,
      at: ts,
    });
    const summary = await c.next('summary');
    expect(summary.summary).toEqual({
      stationId: station,
      ts,
      storagePower: 450,
      soc: 66,
      pvPower: null,
      loadPower: null,
      gridPower: -20,
      chargerPower: null,
    });
    c.close();
  });

  it('follows one station at a time: switching drops the previous one', async () => {
    const db = ctx.database.db;
    const a = sid('JS-SZ01');
    const b = sid('JS-NJ01');
    const pcs = await deviceIdOf(db, 'JS-SZ01-PCS-1');
    const cab = await deviceIdOf(db, 'JS-NJ01-CAB-01');
    const c = await ready(tokens.operator);
    c.send({ type: 'subscribe', stationId: a });
    await c.next('snapshot');
    c.send({ type: 'subscribe', stationId: b });
    const count = c.received.length;
    expect((await c.next('snapshot', 3000, count)).stationId).toBe(b);
    server.bus.emit('committed', [
      { stationId: a, deviceId: pcs, values: { p: { value: 1, ts: Date.now() } } },
      { stationId: b, deviceId: cab, values: { p: { value: 2, ts: Date.now() } } },
    ]);
    // Both values came in one batch: once station b's is here, station a's would be too.
    await vi.waitFor(() => expect(c.of('latest')).toHaveLength(1));
    expect(c.of('latest').map((r) => r.msg.deviceId)).toEqual([cab]);
    c.send({ type: 'unsubscribe' });
    await c.next('unsubscribed');
    server.bus.emit('committed', [{ stationId: b, deviceId: cab, values: { p: { value: 3, ts: Date.now() } } }]);
    await sleep(1200);
    expect(c.of('latest')).toHaveLength(1);
    c.close();
    await c.closed;
    await vi.waitFor(() => expect(server.hub.watched).toBe(0));
  });
});

describe('live socket in the app', () => {
  it('is mounted at /api/ws: a plain GET gets 426, a socket gets ready and a snapshot', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/ws', headers: { lang: 'en_US' } });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toEqual({ code: 426, msg: 'This address accepts WebSocket connections only', data: null });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const c = await TestClient.open(`ws://127.0.0.1:${port}/api/ws`);
    c.send({ type: 'auth', token: tokens.screen });
    await c.next('ready');
    c.send({ type: 'subscribe', stationId: sid('GD-GZ01') });
    expect((await c.next('snapshot')).devices.length).toBeGreaterThan(5);
    c.close();
  });
});

describe('live hub delivery', () => {
  it('holds each follower over a committed batch: its devices sent between one hold and one release, a failing follower released too', async () => {
    const station = sid('GD-GZ01');
    const log: string[] = [];
    const sink = (name: string, fails = false): LiveSink => ({
      latest: (deviceId) => {
        if (fails) throw new Error('socket gone');
        log.push(`${name}:latest:${deviceId}`);
      },
      status: () => {},
      summary: () => {},
      alarm: () => {},
      command: () => {},
      sequence: () => {},
      hold: () => log.push(`${name}:hold`),
      release: () => log.push(`${name}:release`),
    });
    const a = sink('a');
    const b = sink('b', true);
    await server.hub.join(station, a);
    await server.hub.join(station, b);
    const values = { p: { value: 1, ts: Date.now() } };
    server.bus.emit('committed', [
      { stationId: station, deviceId: 901, values },
      { stationId: sid('JS-SZ01'), deviceId: 902, values },
      { stationId: station, deviceId: 903, values },
    ]);
    expect(log.filter((l) => l.startsWith('a:'))).toEqual(['a:hold', 'a:latest:901', 'a:latest:903', 'a:release']);
    expect(log.filter((l) => l.startsWith('b:'))).toEqual(['b:hold', 'b:release']);
    server.hub.leave(station, a);
    server.hub.leave(station, b);
  });

  it('serves a batch to many sockets a slice per turn of the event loop, each socket its batches in order', async () => {
    const station = sid('GD-GZ01');
    const heard = new Map<LiveSink, number[]>();
    const sinks = Array.from({ length: 2 * SINKS_PER_TURN + 50 }, (): LiveSink => {
      const sink: LiveSink = {
        latest: (deviceId) => heard.get(sink)?.push(deviceId),
        status: () => {},
        summary: () => {},
        alarm: () => {},
        command: () => {},
        sequence: () => {},
        hold: () => {},
        release: () => {},
      };
      heard.set(sink, []);
      return sink;
    });
    for (const sink of sinks) await server.hub.join(station, sink);
    const values = { p: { value: 1, ts: Date.now() } };
    server.bus.emit('committed', [{ stationId: station, deviceId: 1, values }]);
    server.bus.emit('committed', [{ stationId: station, deviceId: 2, values }]);
    const served = () => [...heard.values()].filter((ids) => ids.length > 0).length;
    // Within the emits: one slice only, the rest after requests had their turn.
    expect(served()).toBe(SINKS_PER_TURN);
    await vi.waitFor(() => expect([...heard.values()].every((ids) => ids.length === 2)).toBe(true));
    expect([...heard.values()].every((ids) => ids[0] === 1 && ids[1] === 2)).toBe(true);
    for (const sink of sinks) server.hub.leave(station, sink);
  });
});
