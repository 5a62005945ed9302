import { TOPIC_ROOT } from '@ess/contract';
import type { ISubscription } from 'mqtt-packet';
import type { DeviceMessageHandler } from './device-messages';
import { type AdoptionEnd, MqttConnection } from './mqtt-connection';

export type ExternalIngestOptions = {
  url: string;
  /** Connections sharing the telemetry subscription. */
  connections: number;
  /** Stable per server instance: connection i is `<clientId>-<i>`. */
  clientId: string;
  /** Instances with the same group split the telemetry between them. */
  shareGroup: string;
  sessionExpiryS: number;
  onMessage: DeviceMessageHandler;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

/** The sessions of a stopped instance served by this one (see `ExternalIngest.adopt`). */
export type AdoptedSessions = {
  /** Sessions that were found and are served now. */
  readonly held: number;
  /** Disconnects keeping the sessions, for their owner to take back. */
  release: () => Promise<void>;
};

export type ExternalIngest = {
  publish: (topic: string, payload: Buffer) => Promise<void>;
  /** Back-pressure: stop or resume reading from the broker (adopted sessions included). */
  setPaused: (paused: boolean) => void;
  /** Telemetry messages acknowledged after commit since start: on our own sessions, on adopted ones. */
  acked: () => { own: number; adopted: number };
  /**
   * Serves the persistent sessions `<clientId>-0` … `<clientId>-<connections-1>` of another,
   * stopped instance: the broker delivers what they queued and what was in flight unacknowledged
   * (again: duplicates fall on the primary key) and goes on giving them their turn of the shared
   * subscription. `onEnded` is called once all of them ended by themselves (not by `release`),
   * with each one's reason: taken back by their owner, expired, or the line lost.
   */
  adopt: (clientId: string, connections: number, onEnded: (reasons: AdoptionEnd[]) => void) => Promise<AdoptedSessions>;
  close: () => Promise<void>;
};

/**
 * The server as a subscriber of an external broker (Mosquitto): telemetry through a shared
 * subscription over several persistent-session connections, status and command answers on
 * the first. Each message is acknowledged only after it is committed, so what the broker
 * holds survives a crash of the server. Device authentication and topic rules are then the
 * broker's configuration (docs/device-protocol.md).
 */
export async function startExternalIngest(opts: ExternalIngestOptions): Promise<ExternalIngest> {
  const telemetry = { topic: `$share/${opts.shareGroup}/${TOPIC_ROOT}/+/+/telemetry`, qos: 1 as const };
  // Retained statuses only when the subscription is new: the session queues later ones.
  const others = [
    { topic: `${TOPIC_ROOT}/+/+/status`, qos: 1 as const, rh: 1 },
    { topic: `${TOPIC_ROOT}/+/+/cmd/ack`, qos: 1 as const },
  ];
  const url = new URL(opts.url);
  const acked = { own: 0, adopted: 0 };
  /** Every connection reading from the broker, adopted ones included (back-pressure). */
  const reading = new Set<MqttConnection>();
  let paused = false;

  const connection = (
    clientId: string,
    subscriptions: ISubscription[],
    adopt?: { onEnded: (reason: AdoptionEnd) => void },
  ): MqttConnection => {
    const counter = adopt ? 'adopted' : 'own';
    const c = new MqttConnection({
      url,
      clientId,
      sessionExpiryS: opts.sessionExpiryS,
      subscriptions,
      onMessage: (topic, payload, ack) => {
        const isTelemetry = topic.endsWith('/telemetry');
        // Statuses and command answers reach this instance on its own first session too.
        if (adopt && !isTelemetry) return ack();
        opts.onMessage(topic, payload, (err) => {
          // Without an ack the broker delivers the message again (to this session).
          if (err) return;
          ack();
          if (isTelemetry) acked[counter]++;
        });
      },
      log: opts.log,
      ...(adopt ? { adopt } : {}),
    });
    c.setPaused(paused);
    reading.add(c);
    return c;
  };

  const connections = Array.from({ length: opts.connections }, (_, i) =>
    connection(`${opts.clientId}-${i}`, i === 0 ? [telemetry, ...others] : [telemetry]),
  );
  await Promise.all(connections.map((c) => c.start()));
  const ready = connections.filter((c) => c.ready).length;
  opts.log.info(
    { url: `${url.protocol}//${url.host}`, ready, of: connections.length },
    'subscribed to the MQTT broker',
  );

  const adopt: ExternalIngest['adopt'] = async (clientId, count, onEnded) => {
    let released = false;
    const reasons: AdoptionEnd[] = [];
    const adopted = Array.from({ length: count }, (_, i) => {
      const c: MqttConnection = connection(`${clientId}-${i}`, [], {
        onEnded: (reason) => {
          reading.delete(c);
          if (released) return;
          reasons.push(reason);
          if (reasons.length === count) onEnded(reasons);
        },
      });
      return c;
    });
    await Promise.all(adopted.map((c) => c.start()));
    return {
      held: adopted.filter((c) => c.ready).length,
      release: async () => {
        released = true;
        await Promise.all(adopted.map((c) => c.close()));
      },
    };
  };

  return {
    publish: (topic, payload) => {
      const c = connections.find((x) => x.ready);
      return c ? c.publish(topic, payload) : Promise.reject(new Error('not connected to the MQTT broker'));
    },
    setPaused: (p) => {
      paused = p;
      for (const c of reading) c.setPaused(p);
    },
    acked: () => ({ ...acked }),
    adopt,
    close: async () => {
      await Promise.all([...reading].map((c) => c.close()));
    },
  };
}
