import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { Aedes, type AuthenticateError, type Client, type Connection } from 'aedes';
import { type DeviceIdentity, mayPublish, maySubscribe } from './device-access';
import type { DeviceMessageHandler } from './device-messages';
import { limitPacketSize } from './packet-limit';

export type BrokerAddress = { host: string; port: number };

export type EmbeddedBroker = {
  address: BrokerAddress;
  /** Publishes to devices (commands), QoS 1. */
  publish: (topic: string, payload: Buffer) => Promise<void>;
  /**
   * Whether a connection of the device is subscribed to its command topic here now. Data alone
   * does not tell: after a restart a device resends its unacknowledged messages before it
   * subscribes again, and a command published in between reaches nobody.
   */
  listening: (deviceId: number) => boolean;
  /** Closes the connections a device made (its secret changed); it must sign in again. */
  disconnectDevice: (deviceId: number) => number;
  /** Refuses new messages, runs `drain` (held messages are committed and acknowledged), then stops. */
  close: (drain: () => Promise<void>) => Promise<void>;
};

export type EmbeddedBrokerOptions = {
  host: string;
  port: number;
  /** The device a user name and password belong to, or null (refused). */
  authenticate: (username: string, password: Buffer) => Promise<DeviceIdentity | null>;
  onMessage: DeviceMessageHandler;
  /** Packets longer than this close the connection before they are read (MQTT_MAX_PACKET_BYTES). */
  maxPacketBytes: number;
  log: { warn: (obj: object, msg: string) => void };
};

const corked = new WeakSet<Connection>();

/**
 * A committed batch releases many PUBACKs per connection in one go; corked, they leave in
 * one write instead of one syscall each.
 */
function corkForThisTick(conn: Connection): void {
  if (corked.has(conn)) return;
  corked.add(conn);
  conn.cork();
  process.nextTick(() => {
    corked.delete(conn);
    conn.uncork();
  });
}

const refused = (message: string, code: 2 | 3 | 4 | 5): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code as AuthenticateError['returnCode'] });

/**
 * The in-process MQTT broker (aedes). Devices authenticate with serial and secret, connect
 * with their serial as client id, may only use their own topics and send packets up to a
 * size limit. A device message is handled inside `authorizePublish`, whose
 * callback — and with it aedes' PUBACK — waits until the message's data is committed; aedes
 * reads no further from that connection meanwhile, which is the back-pressure per device.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const identities = new WeakMap<Client, DeviceIdentity>();
  /** Connections per device (a takeover briefly has two), and those subscribed to its command topic. */
  const connected = new ClientsByDevice(identities);
  const listeners = new ClientsByDevice(identities);
  let closing = false;

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (!username || !password) return done(refused('anonymous access is refused', 5), false);
      opts.authenticate(username, password).then(
        (id) => {
          if (!id) return done(refused('bad user name or password', 4), false);
          // The client id names the session (queued commands, the slot a reconnect takes over):
          // a device may only use its own, or it could take another device's.
          if (client.id !== id.sn) return done(refused('client id must be the serial number', 2), false);
          identities.set(client, id);
          connected.add(client);
          done(null, true);
        },
        (err: unknown) => {
          opts.log.warn({ err }, 'MQTT authentication failed');
          done(refused('server unavailable', 3), false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      const id = client ? identities.get(client) : undefined;
      if (!client || !id || !mayPublish(id, packet.topic))
        return done(new Error(`not allowed to publish ${packet.topic}`));
      // Wills fired by our own shutdown do not mean the devices went offline.
      if (closing) return done(new Error('broker closing'));
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      opts.onMessage(packet.topic, payload, (err) => {
        corkForThisTick(client.conn);
        done(err ?? null);
      });
    },
    authorizeSubscribe: (client, sub, done) => {
      const id = identities.get(client);
      // null grants nothing: the SUBACK carries the failure code and the connection stays.
      done(null, id && maySubscribe(id, sub.topic) ? sub : null);
    },
  });

  broker.on('clientDisconnect', (client) => {
    connected.delete(client);
    listeners.delete(client);
  });
  // Emitted once the subscription is stored: from then on a command published reaches the device.
  broker.on('subscribe', (subscriptions, client) => {
    const id = identities.get(client);
    if (id && subscriptions.some((s) => maySubscribe(id, s.topic))) listeners.add(client);
  });
  broker.on('unsubscribe', (_topics, client) => listeners.delete(client));

  const server = createServer((socket) => {
    const guarded = limitPacketSize(socket, opts.maxPacketBytes, (breach) =>
      opts.log.warn(
        { ...breach, remoteAddress: socket.remoteAddress },
        'MQTT packet over the size limit: connection closed',
      ),
    );
    broker.handle(guarded);
  });
  server.listen(opts.port, opts.host);
  try {
    await once(server, 'listening');
  } catch (err) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const inUse = err instanceof Error && 'code' in err && err.code === 'EADDRINUSE';
    throw inUse
      ? new Error(
          `MQTT port ${opts.host}:${opts.port} is in use (another broker?): set MQTT_PORT (0 = any free port) or MQTT_URL to use that broker`,
        )
      : err;
  }
  const { port } = server.address() as AddressInfo;

  return {
    address: { host: opts.host, port },
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (err) =>
          err ? reject(err) : resolve(),
        ),
      ),
    listening: (deviceId) => listeners.has(deviceId),
    disconnectDevice: (deviceId) => {
      const clients = connected.of(deviceId);
      for (const c of clients) {
        connected.delete(c);
        listeners.delete(c);
        c.close();
      }
      return clients.length;
    },
    close: async (drain) => {
      closing = true;
      await drain();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Connections by the device they authenticated as: a command's "is the device listening" and a
 * device's disconnection look up one device, not every connection of the fleet.
 */
class ClientsByDevice {
  private readonly byDevice = new Map<number, Set<Client>>();

  constructor(private readonly identities: WeakMap<Client, DeviceIdentity>) {}

  add(client: Client): void {
    const id = this.identities.get(client);
    if (!id) return;
    const clients = this.byDevice.get(id.deviceId) ?? new Set<Client>();
    clients.add(client);
    this.byDevice.set(id.deviceId, clients);
  }

  delete(client: Client): void {
    const id = this.identities.get(client);
    const clients = id ? this.byDevice.get(id.deviceId) : undefined;
    if (!id || !clients) return;
    clients.delete(client);
    if (clients.size === 0) this.byDevice.delete(id.deviceId);
  }

  has(deviceId: number): boolean {
    return this.byDevice.has(deviceId);
  }

  of(deviceId: number): Client[] {
    return [...(this.byDevice.get(deviceId) ?? [])];
  }
}
