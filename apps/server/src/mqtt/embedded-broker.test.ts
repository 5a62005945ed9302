import { once } from 'node:events';
import { createConnection } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { type CommandAck, topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { connect, connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TelemetryRuntime } from '../domains/telemetry/telemetry/telemetry-runtime';
import { createTestStation, type TestStation } from '../domains/telemetry/telemetry/test-station.kit';
import {
  call,
  connectDevice,
  createTestApp,
  deviceCredentials,
  login,
  sqlRows,
  type TestContext,
} from '../test/harness';

// Authentication and topic rules are the embedded broker's; an external one has its own.
describe.skipIf(Boolean(process.env.MQTT_URL))('embedded broker access rules', () => {
  let ctx: TestContext;
  let telemetry: TelemetryRuntime;
  let st: TestStation;
  let a: string;
  let b: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    if (!ctx.app.telemetry) throw new Error('telemetry off');
    telemetry = ctx.app.telemetry;
    st = await createTestStation(ctx.database.db);
    await telemetry.registry.reload();
    a = st.pcs[0]?.sn ?? '';
    b = st.pcs[1]?.sn ?? '';
  });
  afterAll(() => ctx?.close());

  const url = () => ctx.mqttUrl ?? '';
  const rawCount = async (sn: string) => {
    const [row] = await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ts_raw r JOIN biz_point p ON p.id = r.point_id
          JOIN biz_device d ON d.id = p.device_id WHERE d.sn = ${sn}`,
    );
    return row?.n ?? 0;
  };

  it('refuses anonymous clients, unknown serials and wrong or replaced secrets', async () => {
    const opts = { protocolVersion: 4 as const, reconnectPeriod: 0, connectTimeout: 3000, clientId: a };
    await expect(connectAsync(url(), opts)).rejects.toThrow(/Not authorized|Bad username/);
    await expect(connectAsync(url(), { ...opts, username: 'NO-SUCH', password: 'x' })).rejects.toThrow(/Bad username/);
    const old = await deviceCredentials(ctx.database.db, a);
    await expect(connectAsync(url(), { ...opts, username: a, password: `${old.password}x` })).rejects.toThrow(
      /Bad username/,
    );
    const fresh = await deviceCredentials(ctx.database.db, a);
    await expect(connectAsync(url(), { ...opts, ...old })).rejects.toThrow(/Bad username/);
    const ok = await connectAsync(url(), { ...opts, ...fresh });
    await ok.endAsync();
  });

  it('drops a connected device when the admin gives it a new secret; the old one no longer signs in', async () => {
    const old = await deviceCredentials(ctx.database.db, a);
    const client = await connectDevice(ctx, a, old);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const [row] = await sqlRows<{ id: number }>(ctx.database.db, sql`SELECT id FROM biz_device WHERE sn = ${a}`);
    const res = await call(ctx.app, await login(ctx.app, 'admin'), 'POST', '/api/business/device/credentials', {
      deviceId: row?.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    await closed;
    client.end(true);
    const opts = { protocolVersion: 4 as const, reconnectPeriod: 0, connectTimeout: 3000, clientId: a };
    await expect(connectAsync(url(), { ...opts, ...old })).rejects.toThrow(/Bad username/);
    const renewed = await connectAsync(url(), {
      ...opts,
      ...(res.json().data as { username: string; password: string }),
    });
    await renewed.endAsync();
  });

  it("refuses a client id other than the serial, so no device can take over another's session", async () => {
    const cmdB = topicOf(st.code, b, 'cmd');
    const opts = { protocolVersion: 4 as const, reconnectPeriod: 0, connectTimeout: 3000 };
    // B keeps a persistent session with its command subscription, goes away, and a command waits.
    const credsB = await deviceCredentials(ctx.database.db, b);
    const first = await connectAsync(url(), { ...opts, ...credsB, clientId: b, clean: false });
    await first.subscribeAsync(cmdB, { qos: 1 });
    await first.endAsync();
    await telemetry.publishCommand(st.code, b, { id: 'c-for-b', ts: Date.now(), points: { pSet: 1 } });

    // A's valid credentials with B's serial as client id: refused, nothing of B's delivered.
    const credsA = await deviceCredentials(ctx.database.db, a);
    const received: string[] = [];
    await expect(
      connectAsync(url(), { ...opts, ...credsA, clientId: b, clean: false }).then((c) => {
        c.on('message', (_t, payload) => received.push(payload.toString()));
        return c;
      }),
    ).rejects.toThrow(/Identifier rejected/);
    await expect(connectAsync(url(), { ...opts, ...credsA, clientId: `${a}-2` })).rejects.toThrow(
      /Identifier rejected/,
    );

    // B's own session is intact: it resumes and gets its command; an intruder cannot knock it off.
    const resumed = connect(url(), { ...opts, ...credsB, clientId: b, clean: false, manualConnect: true });
    const got = new Promise<string>((resolve) => resumed.once('message', (_t, payload) => resolve(payload.toString())));
    const connack = await new Promise<{ sessionPresent: boolean }>((resolve) =>
      resumed.once('connect', resolve).connect(),
    );
    expect(connack.sessionPresent).toBe(true);
    expect(JSON.parse(await got).id).toBe('c-for-b');
    await expect(connectAsync(url(), { ...opts, ...credsA, clientId: b })).rejects.toThrow(/Identifier rejected/);
    expect(resumed.connected).toBe(true);
    expect(received).toEqual([]);
    await resumed.endAsync();
  });

  it('closes a device that publishes under another serial or station, storing nothing', async () => {
    for (const topic of [topicOf(st.code, b, 'telemetry'), topicOf('JS-SZ01', a, 'telemetry'), 'ess/x']) {
      const client = await connectDevice(ctx, a);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(topic, JSON.stringify({ ts: Date.now(), values: { p: 1 } }), { qos: 1 });
      await closed;
      client.end(true);
    }
    expect(await rawCount(b)).toBe(0);
    expect(await rawCount(a)).toBe(0);
  });

  it('lets a device subscribe only to its own commands', async () => {
    const client = await connectDevice(ctx, a);
    // Refused subscriptions come back with the failure code (mqtt.js rejects); the connection stays.
    for (const topic of [topicOf(st.code, b, 'cmd'), 'ess/#', topicOf(st.code, a, 'telemetry')]) {
      await expect(client.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    }
    const granted = await client.subscribeAsync(topicOf(st.code, a, 'cmd'), { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    await client.endAsync();
  });
});

describe('commands to devices', () => {
  let ctx: TestContext;
  let telemetry: TelemetryRuntime;
  let st: TestStation;

  beforeAll(async () => {
    ctx = await createTestApp();
    if (!ctx.app.telemetry) throw new Error('telemetry off');
    telemetry = ctx.app.telemetry;
    st = await createTestStation(ctx.database.db);
    await telemetry.registry.reload();
  });
  afterAll(() => ctx?.close());

  it('delivers a command on the device topic and reports the answer on the bus', async () => {
    const a = st.pcs[0]?.sn ?? '';
    const client = await connectDevice(ctx, a);
    await client.subscribeAsync(topicOf(st.code, a, 'cmd'), { qos: 1 });

    const acks: CommandAck[] = [];
    telemetry.bus.on('commandAck', (e) => {
      if (e.deviceId === st.pcs[0]?.id && e.stationId === st.id) acks.push(e.ack);
    });
    client.on('message', (topic, payload) => {
      const cmd = JSON.parse(payload.toString()) as { id: string };
      expect(topic).toBe(topicOf(st.code, a, 'cmd'));
      client.publish(topicOf(st.code, a, 'cmd/ack'), JSON.stringify({ id: cmd.id, status: 'success' }), { qos: 1 });
    });
    await telemetry.publishCommand(st.code, a, { id: 'c-1', ts: Date.now(), points: { pSet: -100 } });
    await vi.waitFor(() => expect(acks).toEqual([{ id: 'c-1', status: 'success' }]), { timeout: 10_000 });
    await client.endAsync();
  });
});

describe.skipIf(Boolean(process.env.MQTT_URL))('embedded broker packet size limit', () => {
  const LIMIT = 64 * 1024;
  let ctx: TestContext;
  let st: TestStation;

  beforeAll(async () => {
    ctx = await createTestApp({ MQTT_MAX_PACKET_BYTES: String(LIMIT) });
    if (!ctx.app.telemetry) throw new Error('telemetry off');
    st = await createTestStation(ctx.database.db);
    await ctx.app.telemetry.registry.reload();
  });
  afterAll(() => ctx?.close());

  const quarantined = async () =>
    (await sqlRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ts_quarantine`))[0]?.n ?? 0;

  it('closes a connection whose packet header declares more than the limit, before the body is sent', async () => {
    const { port } = new URL(ctx.mqttUrl ?? '');
    const socket = createConnection({ host: '127.0.0.1', port: Number(port) });
    await once(socket, 'connect');
    const closed = once(socket, 'close');
    // A PUBLISH declaring 64 MiB (remaining length as four 7-bit groups), then only 16 bytes of it.
    socket.write(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x20]));
    socket.write(Buffer.alloc(16));
    const outcome = await Promise.race([closed.then(() => 'closed'), delay(3000).then(() => 'open')]);
    expect(outcome).toBe('closed');
    socket.destroy();
  });

  it('takes a message just under the limit and cuts one just over it, storing nothing of it', async () => {
    const sn = st.pcs[0]?.sn ?? '';
    const topic = topicOf(st.code, sn, 'telemetry');
    const client = await connectDevice(ctx, sn);
    // Junk of a known size: under the limit it is read and quarantined (not a sample), over it never read.
    const header = 2 + topic.length + 2 + 4; // type, 3 length bytes, topic length + topic, packet id
    const under = Buffer.alloc(LIMIT - header, 0x20);
    await client.publishAsync(topic, under, { qos: 1 });
    await vi.waitFor(async () => expect(await quarantined()).toBe(1), { timeout: 10_000 });

    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(topic, Buffer.alloc(LIMIT - header + 1, 0x20), { qos: 1 });
    await closed;
    client.end(true);
    await delay(200);
    expect(await quarantined()).toBe(1);
  });
});
