import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLog, ScriptedBroker, sleep } from '../../../mqtt/mqtt.kit';
import { type AdoptionEnd, MqttConnection } from '../../../mqtt/mqtt-connection';

/**
 * The MQTT client serving a stopped instance's session (a scripted broker shows every packet):
 * it takes the session as it is, and once its connection ends, for whatever reason, it stays
 * away — reconnecting would take the session from its owner again.
 */

let broker: ScriptedBroker;
let connection: MqttConnection | null = null;

beforeEach(async () => {
  broker = await ScriptedBroker.start();
});

afterEach(async () => {
  await connection?.close();
  connection = null;
  await broker.close();
});

function adopt(ended: AdoptionEnd[], log = recordingLog().log): MqttConnection {
  connection = new MqttConnection({
    url: broker.url,
    clientId: 'stopped-instance-0',
    sessionExpiryS: 300,
    subscriptions: [],
    onMessage: (_topic, _payload, ack) => ack(),
    log,
    adopt: { onEnded: (reason) => ended.push(reason) },
  });
  return connection;
}

describe('adopting the session of a stopped instance', () => {
  it('takes the session without subscribing and serves its messages', async () => {
    broker.sessionPresent = true;
    const ended: AdoptionEnd[] = [];
    const c = adopt(ended);
    await c.start(5000);
    expect(c.ready).toBe(true);
    const conn = broker.latest;
    expect(conn.connect).toMatchObject({ clientId: 'stopped-instance-0', clean: false });
    broker.latest.publish(7, 'ess/S/D/telemetry', '{}', true);
    await vi.waitFor(() => expect(conn.pubacks()).toEqual([7]), { timeout: 2000, interval: 20 });
    expect(conn.of('subscribe')).toEqual([]);
    expect(ended).toEqual([]);
  });

  it('ends quietly when the owner takes the session back, and does not take it again', async () => {
    broker.sessionPresent = true;
    const ended: AdoptionEnd[] = [];
    const { log, warnings } = recordingLog();
    await adopt(ended, log).start(5000);
    broker.latest.send({ cmd: 'disconnect', reasonCode: 0x8e });
    await vi.waitFor(() => expect(ended).toEqual(['takenOver']), { timeout: 2000, interval: 20 });
    await sleep(600);
    expect(broker.connections).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('stays away after a lost line (the takeover check decides whether to adopt again)', async () => {
    broker.sessionPresent = true;
    const ended: AdoptionEnd[] = [];
    await adopt(ended).start(5000);
    broker.latest.drop();
    await vi.waitFor(() => expect(ended).toEqual(['lost']), { timeout: 2000, interval: 20 });
    await sleep(600);
    expect(broker.connections).toHaveLength(1);
  });

  it('ends a session the broker no longer had at once, leaving no empty one behind', async () => {
    broker.sessionPresent = false;
    const ended: AdoptionEnd[] = [];
    const c = adopt(ended);
    await c.start(5000);
    expect(c.ready).toBe(false);
    await vi.waitFor(() => expect(ended).toEqual(['noSession']), { timeout: 2000, interval: 20 });
    const [bye] = broker.latest.of('disconnect');
    expect(bye?.packet).toMatchObject({ cmd: 'disconnect', properties: { sessionExpiryInterval: 0 } });
    expect(broker.latest.of('subscribe')).toEqual([]);
    await sleep(600);
    expect(broker.connections).toHaveLength(1);
  });

  it('says it was closed when released', async () => {
    broker.sessionPresent = true;
    const ended: AdoptionEnd[] = [];
    const c = adopt(ended);
    await c.start(5000);
    await c.close();
    expect(ended).toEqual(['closed']);
    expect(broker.latest.of('disconnect')).toHaveLength(1);
  });
});
