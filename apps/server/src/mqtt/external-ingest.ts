import { TOPIC_ROOT } from '@ess/contract';
import type { DeviceMessageHandler } from './device-messages';
import { MqttConnection } from './mqtt-connection';

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

export type ExternalIngest = {
  publish: (topic: string, payload: Buffer) => Promise<void>;
  /** Back-pressure: stop or resume reading from the broker. */
  setPaused: (paused: boolean) => void;
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
  const connections = Array.from(
    { length: opts.connections },
    (_, i) =>
      new MqttConnection({
        url,
        clientId: `${opts.clientId}-${i}`,
        sessionExpiryS: opts.sessionExpiryS,
        subscriptions: i === 0 ? [telemetry, ...others] : [telemetry],
        onMessage: (topic, payload, ack) =>
          opts.onMessage(topic, payload, (err) => {
            // Without an ack the broker delivers the message again (to this session).
            if (!err) ack();
          }),
        log: opts.log,
      }),
  );
  await Promise.all(connections.map((c) => c.start()));
  const ready = connections.filter((c) => c.ready).length;
  opts.log.info(
    { url: `${url.protocol}//${url.host}`, ready, of: connections.length },
    'subscribed to the MQTT broker',
  );

  return {
    publish: (topic, payload) => {
      const c = connections.find((x) => x.ready);
      return c ? c.publish(topic, payload) : Promise.reject(new Error('not connected to the MQTT broker'));
    },
    setPaused: (paused) => {
      for (const c of connections) c.setPaused(paused);
    },
    close: async () => {
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}
