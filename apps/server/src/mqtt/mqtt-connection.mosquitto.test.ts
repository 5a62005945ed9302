import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { describe, expect, it, type TestContext, vi } from 'vitest';
import { recordingLog, sleep, TcpProxy } from './mqtt.kit';
import { MqttConnection, type MqttConnectionOptions } from './mqtt-connection';

/**
 * The server's own MQTT 5 client against the real broker named by MQTT_URL (CI: the
 * machine's Mosquitto), reached through a TCP proxy that can cut the line: the persistent
 * session queues what is published while the client is away, and a message is delivered
 * again until the client acknowledges it. Client ids and topics are unique per run (and
 * outside `ess/`), so parallel runs and the servers of other tests never see them.
 */

const brokerUrl = process.env.MQTT_URL;
const run = randomBytes(4).toString('hex');

type Delivery = { payload: string; ack: () => void };

async function setup(t: TestContext, name: string) {
  const url = new URL(brokerUrl ?? '');
  const proxy = await TcpProxy.start(url);
  const topic = `ess-test/${run}/${name}`;
  const clientId = `ess-test-${run}-${name}`;
  const publisher: MqttClient = await connectAsync(url.toString(), {
    clientId: `${clientId}-pub`,
    protocolVersion: 5,
    reconnectPeriod: 0,
  });
  const connections: MqttConnection[] = [];
  const stopAll = async () => {
    for (const c of connections) await c.close();
  };
  t.onTestFinished(async () => {
    await stopAll();
    await publisher.endAsync();
    await proxy.close();
    // A session of its own that ends at once leaves nothing queued on the broker.
    const tidy = new MqttConnection({
      ...connectionOptions(url, clientId, topic, [], recordingLog().log),
      sessionExpiryS: 0,
    });
    await tidy.start(5000);
    await tidy.close();
  });
  /** One server process's connection (via the proxy unless `direct`), with what it received. */
  const open = async (opts: { direct?: boolean; sessionExpiryS?: number } = {}) => {
    const messages: Delivery[] = [];
    const recorded = recordingLog();
    const conn = new MqttConnection({
      ...connectionOptions(opts.direct ? url : proxy.url, clientId, topic, messages, recorded.log),
      ...(opts.sessionExpiryS !== undefined ? { sessionExpiryS: opts.sessionExpiryS } : {}),
    });
    connections.push(conn);
    await conn.start(5000);
    expect(conn.ready).toBe(true);
    return { conn, messages, warnings: recorded.warnings };
  };
  const publish = (payload: string) => publisher.publishAsync(topic, payload, { qos: 1 });
  return { proxy, topic, open, publish };
}

function connectionOptions(
  url: URL,
  clientId: string,
  topic: string,
  messages: Delivery[],
  log: MqttConnectionOptions['log'],
): MqttConnectionOptions {
  return {
    url,
    clientId,
    sessionExpiryS: 30,
    subscriptions: [{ topic, qos: 1 }],
    keepaliveS: 5,
    onMessage: (_topic, payload, ack) => messages.push({ payload: payload.toString(), ack }),
    log,
  };
}

const payloads = (messages: Delivery[]) => messages.map((m) => m.payload);

/**
 * Resolves once the broker has read everything `conn` sent before: its own QoS 1 publish is
 * acknowledged after the broker took the PUBACKs written ahead of it on the same connection.
 */
const flushed = (conn: MqttConnection, topic: string) => conn.publish(`${topic}/sync`, Buffer.from('sync'));

describe.skipIf(!brokerUrl)('MQTT client with a real broker (MQTT_URL)', () => {
  it('resumes its session after a lost connection: what was published meanwhile arrives', async (t) => {
    const { proxy, topic, open, publish } = await setup(t, 'resume');
    const { conn, messages, warnings } = await open();
    await publish('before');
    await vi.waitFor(() => expect(payloads(messages)).toEqual(['before']), { timeout: 5000, interval: 20 });
    messages[0]?.ack();
    await flushed(conn, topic);

    // The line breaks and stays down for a while; the broker queues for the session.
    proxy.refusing = true;
    proxy.cut();
    await vi.waitFor(() => expect(conn.ready).toBe(false), { timeout: 5000, interval: 20 });
    for (let i = 1; i <= 5; i++) await publish(`away-${i}`);
    await sleep(300);
    expect(payloads(messages)).toEqual(['before']);

    proxy.refusing = false;
    await vi.waitFor(
      () => expect(payloads(messages)).toEqual(['before', 'away-1', 'away-2', 'away-3', 'away-4', 'away-5']),
      { timeout: 15_000, interval: 20 },
    );
    // Queued messages come right after the CONNACK, before the SUBACK that makes it ready.
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 5000, interval: 20 });
    expect(proxy.forwarded).toBe(2);
    expect(warnings).not.toContainEqual(expect.stringContaining('kept no session'));
  });

  it('gets an unacknowledged message again after each reconnect until it acknowledges it there', async (t) => {
    const { proxy, topic, open, publish } = await setup(t, 'redeliver');
    const { conn, messages } = await open();
    await publish('m');
    await vi.waitFor(() => expect(payloads(messages)).toEqual(['m']), { timeout: 5000, interval: 20 });

    // Lost before the commit: the broker delivers it again on the next connection.
    proxy.cut();
    await vi.waitFor(() => expect(payloads(messages)).toEqual(['m', 'm']), { timeout: 15_000, interval: 20 });
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 5000, interval: 20 });
    // The first delivery's commit ends now; its acknowledgement went with its connection.
    messages[0]?.ack();
    await flushed(conn, topic);
    proxy.cut();
    await vi.waitFor(() => expect(payloads(messages)).toEqual(['m', 'm', 'm']), { timeout: 15_000, interval: 20 });

    // Acknowledged on the connection that delivered it: not delivered again.
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 5000, interval: 20 });
    messages[2]?.ack();
    await flushed(conn, topic);
    proxy.cut();
    await vi.waitFor(() => expect(proxy.forwarded).toBe(4), { timeout: 15_000, interval: 20 });
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 5000, interval: 20 });
    await publish('next');
    await vi.waitFor(() => expect(payloads(messages)).toEqual(['m', 'm', 'm', 'next']), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('gives what a stopped process never acknowledged to the next one with its client id', async (t) => {
    const { proxy, topic, open, publish } = await setup(t, 'restart');
    const first = await open();
    await publish('a');
    await publish('b');
    await vi.waitFor(() => expect(payloads(first.messages)).toEqual(['a', 'b']), { timeout: 5000, interval: 20 });
    // 'a' committed and acknowledged; the process dies while 'b' is still being committed.
    first.messages[0]?.ack();
    await flushed(first.conn, topic);
    proxy.refusing = true;
    proxy.cut();
    await first.conn.close();

    const second = await open({ direct: true });
    await vi.waitFor(() => expect(payloads(second.messages)).toEqual(['b']), { timeout: 10_000, interval: 20 });
    second.messages[0]?.ack();
    await flushed(second.conn, topic);
    await second.conn.close();

    // Acknowledged by the second process: a third gets nothing more.
    const third = await open({ direct: true });
    await publish('c');
    await vi.waitFor(() => expect(payloads(third.messages)).toEqual(['c']), { timeout: 5000, interval: 20 });
  });

  it('warns and subscribes again when the broker kept no session (expired while away)', async (t) => {
    const { proxy, open, publish } = await setup(t, 'expired');
    const { conn, messages, warnings } = await open({ sessionExpiryS: 1 });
    proxy.refusing = true;
    proxy.cut();
    await vi.waitFor(() => expect(conn.ready).toBe(false), { timeout: 5000, interval: 20 });
    // Longer than the session expiry: the broker forgets the session and its subscription.
    await sleep(2500);
    await publish('while expired');

    proxy.refusing = false;
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 15_000, interval: 20 });
    expect(warnings).toContainEqual(expect.stringContaining('kept no session'));
    await publish('after');
    await vi.waitFor(() => expect(payloads(messages)).toEqual(['after']), { timeout: 5000, interval: 20 });
  });
});
