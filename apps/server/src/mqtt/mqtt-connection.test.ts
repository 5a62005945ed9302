import { describe, expect, it, type TestContext, vi } from 'vitest';
import { recordingLog, ScriptedBroker, sleep } from './mqtt.kit';
import { MqttConnection, type MqttConnectionOptions } from './mqtt-connection';

/**
 * The server's own MQTT 5 client against a scripted broker (mqtt-packet over local TCP),
 * where the test decides when the broker answers: keep-alive, back-pressure, and PUBACKs
 * sent only when the handler says so, on the connection that delivered the message.
 * Session resume and redelivery by a real broker: mqtt-connection.mosquitto.test.ts.
 */

type Delivery = { topic: string; payload: string; ack: () => void };

async function setup(t: TestContext, options: Partial<MqttConnectionOptions> = {}) {
  const broker = await ScriptedBroker.start();
  const recorded = recordingLog();
  const messages: Delivery[] = [];
  const conn = new MqttConnection({
    url: broker.url,
    clientId: 'ess-unit',
    sessionExpiryS: 60,
    subscriptions: [{ topic: 't/#', qos: 1 }],
    keepaliveS: 1,
    onMessage: (topic, payload, ack) => messages.push({ topic, payload: payload.toString(), ack }),
    log: recorded.log,
    ...options,
  });
  t.onTestFinished(async () => {
    await conn.close();
    await broker.close();
  });
  await conn.start(5000);
  expect(conn.ready).toBe(true);
  return { broker, conn, messages, warnings: recorded.warnings };
}

/** Gaps between a connection's opening and each of its PINGREQs. */
const pingGaps = (opened: number, pings: { at: number }[]) =>
  pings.map((p, i) => p.at - (i === 0 ? opened : (pings[i - 1]?.at ?? opened)));

describe.concurrent('MQTT client keep-alive', () => {
  it('sends PINGREQ every half keep-alive and keeps a connection whose broker answers', async (t) => {
    const { broker } = await setup(t);
    const c = broker.latest;
    expect(c.connect).toMatchObject({
      clientId: 'ess-unit',
      clean: false,
      keepalive: 1,
      properties: { sessionExpiryInterval: 60, receiveMaximum: 65_535 },
    });
    await sleep(2600);
    const pings = c.of('pingreq');
    expect(pings.length).toBeGreaterThanOrEqual(4);
    // Never a keep-alive (1 s) without a packet to the broker.
    for (const gap of pingGaps(c.openedAt, pings)) expect(gap).toBeLessThan(1000);
    expect(broker.connections).toHaveLength(1);
    expect(c.closedAt).toBeNull();
  });

  it('closes a connection whose broker stops answering, then connects and subscribes again', async (t) => {
    const { broker, conn, warnings } = await setup(t);
    const first = broker.latest;
    broker.answerPings = false;
    const silentFrom = Date.now();
    await vi.waitFor(() => expect(first.closedAt).not.toBeNull(), { timeout: 5000, interval: 20 });
    const detectedAfter = (first.closedAt ?? 0) - silentFrom;
    // Not before a keep-alive went unanswered, and within two (checks run every half).
    expect(detectedAfter).toBeGreaterThanOrEqual(900);
    expect(detectedAfter).toBeLessThan(2600);
    expect(warnings).toContain('MQTT keepalive timed out');

    broker.answerPings = true;
    await vi.waitFor(() => expect(broker.connections).toHaveLength(2), { timeout: 5000, interval: 20 });
    const second = broker.latest;
    // The same session is asked for again.
    await vi.waitFor(() => expect(second.connect).toMatchObject({ clientId: 'ess-unit', clean: false }), {
      timeout: 5000,
      interval: 20,
    });
    await vi.waitFor(() => expect(second.of('subscribe')).toHaveLength(1), { timeout: 5000, interval: 20 });
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 5000, interval: 20 });
  });

  it("uses the broker's Server Keep Alive instead of its own", async (t) => {
    const broker = await ScriptedBroker.start();
    broker.serverKeepAlive = 1;
    t.onTestFinished(() => broker.close());
    const conn = new MqttConnection({
      url: broker.url,
      clientId: 'ess-unit-ska',
      sessionExpiryS: 60,
      subscriptions: [{ topic: 't/#', qos: 1 }],
      keepaliveS: 30,
      onMessage: () => {},
      log: recordingLog().log,
    });
    t.onTestFinished(() => conn.close());
    await conn.start(5000);
    const c = broker.latest;
    expect(c.connect?.keepalive).toBe(30);
    await sleep(2100);
    const pings = c.of('pingreq');
    expect(pings.length).toBeGreaterThanOrEqual(2);
    for (const gap of pingGaps(c.openedAt, pings)) expect(gap).toBeLessThan(1000);
    // And a broker that stops answering is noticed on that scale too.
    broker.answerPings = false;
    await vi.waitFor(() => expect(c.closedAt).not.toBeNull(), { timeout: 4000, interval: 20 });
  });

  it('keeps a paused connection (back-pressure) alive, pinging, and reads again on resume', async (t) => {
    const { broker, conn, messages } = await setup(t);
    const c = broker.latest;
    conn.setPaused(true);
    c.publish(1, 't/a', 'while paused');
    // Three keep-alives without reading: the PINGRESPs wait unread with the message.
    await sleep(3200);
    expect(messages).toEqual([]);
    expect(broker.connections).toHaveLength(1);
    expect(c.closedAt).toBeNull();
    // The broker still hears from the client, or it would drop it after 1.5 keep-alives.
    for (const gap of pingGaps(c.openedAt, c.of('pingreq'))) expect(gap).toBeLessThan(1000);

    conn.setPaused(false);
    await vi.waitFor(() => expect(messages.map((m) => m.payload)).toEqual(['while paused']), {
      timeout: 5000,
      interval: 20,
    });
    // Keep-alive runs as before once reading again.
    await sleep(1600);
    expect(broker.connections).toHaveLength(1);
    broker.answerPings = false;
    await vi.waitFor(() => expect(c.closedAt).not.toBeNull(), { timeout: 4000, interval: 20 });
  });
});

describe.concurrent('MQTT client acknowledgements', () => {
  it('sends a PUBACK only when the handler acknowledges, in whatever order it does', async (t) => {
    const { broker, messages } = await setup(t);
    const c = broker.latest;
    for (const id of [1, 2, 3]) c.publish(id, `t/${id}`, `m${id}`);
    c.send({ cmd: 'publish', topic: 't/0', payload: 'qos0', qos: 0, dup: false, retain: false });
    await vi.waitFor(() => expect(messages.map((m) => m.payload)).toEqual(['m1', 'm2', 'm3', 'qos0']), {
      timeout: 5000,
      interval: 20,
    });
    // Delivered is not acknowledged: the handler has not committed anything yet.
    await sleep(300);
    expect(c.pubacks()).toEqual([]);

    messages[1]?.ack();
    await vi.waitFor(() => expect(c.pubacks()).toEqual([2]), { timeout: 5000, interval: 20 });
    messages[2]?.ack();
    messages[3]?.ack();
    messages[0]?.ack();
    await vi.waitFor(() => expect(c.pubacks()).toEqual([2, 3, 1]), { timeout: 5000, interval: 20 });
    await sleep(100);
    // Nothing for QoS 0; each PUBACK is a success.
    expect(c.pubacks()).toEqual([2, 3, 1]);
    expect(c.of('puback').map((r) => (r.packet.cmd === 'puback' ? r.packet.reasonCode : -1))).toEqual([0, 0, 0]);
  });

  it('never sends the acknowledgement of a lost connection on the next one', async (t) => {
    const { broker, conn, messages } = await setup(t);
    const first = broker.latest;
    first.publish(7, 't/a', 'x');
    await vi.waitFor(() => expect(messages).toHaveLength(1), { timeout: 5000, interval: 20 });
    // The line is lost while the message is being committed.
    first.drop();
    await vi.waitFor(() => expect(broker.connections).toHaveLength(2), { timeout: 5000, interval: 20 });
    await vi.waitFor(() => expect(conn.ready).toBe(true), { timeout: 5000, interval: 20 });
    const second = broker.latest;
    // The commit ends now: its acknowledgement belonged to the lost connection.
    messages[0]?.ack();
    // The broker delivers the unacknowledged message again, with the same id.
    second.publish(7, 't/a', 'x', true);
    await vi.waitFor(() => expect(messages).toHaveLength(2), { timeout: 5000, interval: 20 });
    await sleep(200);
    expect(second.pubacks()).toEqual([]);
    messages[1]?.ack();
    await vi.waitFor(() => expect(second.pubacks()).toEqual([7]), { timeout: 5000, interval: 20 });
    expect(first.pubacks()).toEqual([]);
  });
});
