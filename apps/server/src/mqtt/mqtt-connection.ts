import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { generate, type ISubscription, type Packet, parser } from 'mqtt-packet';
import { PacketSizeScanner } from './packet-limit';

export type MqttConnectionOptions = {
  url: URL;
  clientId: string;
  /** Seconds the broker keeps the session (subscriptions, queued messages) after a disconnect. */
  sessionExpiryS: number;
  subscriptions: ISubscription[];
  keepaliveS?: number;
  /** A message; `ack` sends its PUBACK (QoS 1) — call it only once the message is handled. */
  onMessage: (topic: string, payload: Buffer, ack: () => void) => void;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /**
   * Serve another, stopped instance's persistent session instead of one of our own: it must
   * exist (else it is ended at once, so no empty session is left to take a turn), no SUBSCRIBE
   * (the session keeps its owner's subscriptions), and once closed the connection stays closed
   * and says why — the owner's return takes the session back, and reconnecting would take it
   * from the owner again.
   */
  adopt?: { onEnded: (reason: AdoptionEnd) => void };
};

/** Why an adopted session's connection ended: the owner took it back, it had expired, the line broke, we closed it. */
export type AdoptionEnd = 'takenOver' | 'noSession' | 'lost' | 'closed';

/** MQTT 5 DISCONNECT reason: another connection with the same client id took the session. */
const SESSION_TAKEN_OVER = 0x8e;

const PROTOCOL = { protocolVersion: 5 } as const;

/**
 * One MQTT 5 client connection written on mqtt-packet, for the server's own subscription to
 * an external broker. Unlike mqtt.js it keeps any number of received QoS 1 messages
 * unacknowledged at once (Receive Maximum 65535) and acknowledges each whenever the caller
 * says, so PUBACK can wait for the database commit without serialising messages. The
 * session is persistent (clean start off, stable client id): what arrives while the server
 * is away is queued by the broker and delivered again. Reconnects by itself.
 */
export class MqttConnection {
  private socket: Socket | null = null;
  /** Acknowledgements of an earlier socket are not sent on a later one. */
  private generation = 0;
  private closed = false;
  private paused = false;
  private attempt = 0;
  private nextId = 1;
  private lastPong = 0;
  /** A CONNACK was received before: a later one without a session means queued messages are gone. */
  private connectedBefore = false;
  private corked = false;
  private pingTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly outgoing = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private readonly readyWaiters: (() => void)[] = [];
  private subscribed = false;
  /** Why an adopted session's connection is about to close, when we know. */
  private ending: AdoptionEnd | null = null;

  constructor(private readonly opts: MqttConnectionOptions) {}

  /** Connects; resolves once the subscriptions are acknowledged (or after `timeoutMs`, still retrying). */
  start(timeoutMs = 10_000): Promise<void> {
    this.open();
    return new Promise((resolve) => {
      const t = setTimeout(resolve, timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  get ready(): boolean {
    return this.subscribed;
  }

  /**
   * Stops reading (back-pressure): the broker keeps the rest in its queue. PINGREQs still go
   * out, but their answers wait unread behind the messages, so a paused connection is not
   * judged by them; on resume the broker gets a full keep-alive to answer again.
   */
  setPaused(paused: boolean): void {
    this.paused = paused;
    if (paused) this.socket?.pause();
    else {
      this.lastPong = Date.now();
      this.socket?.resume();
    }
  }

  /** QoS 1 publish; resolves on the broker's PUBACK. */
  publish(topic: string, payload: Buffer): Promise<void> {
    const socket = this.socket;
    if (!socket || !this.subscribed) return Promise.reject(new Error('MQTT connection not ready'));
    const messageId = this.messageId();
    return new Promise((resolve, reject) => {
      this.outgoing.set(messageId, { resolve, reject });
      this.send({ cmd: 'publish', topic, payload, qos: 1, dup: false, retain: false, messageId });
    });
  }

  /** Disconnects keeping the session, so the broker queues for this client id until it returns. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopKeepalive();
    const socket = this.socket;
    if (!socket) return;
    if (this.subscribed) this.send({ cmd: 'disconnect', reasonCode: 0 });
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    });
  }

  private open(): void {
    const { url } = this.opts;
    const port = Number(url.port) || (url.protocol === 'mqtts:' ? 8883 : 1883);
    const socket =
      url.protocol === 'mqtts:'
        ? tlsConnect({ host: url.hostname, port, servername: url.hostname })
        : netConnect({ host: url.hostname, port });
    socket.setNoDelay(true);
    const generation = ++this.generation;
    this.socket = socket;
    this.subscribed = false;
    const p = parser(PROTOCOL);
    p.on('packet', (packet: Packet) => this.onPacket(packet, generation));
    p.on('error', (err: Error) => socket.destroy(err));
    // Long bodies gathered as they arrive (packet-limit.ts); the broker enforces its own size limit.
    const gather = new PacketSizeScanner(Number.MAX_SAFE_INTEGER);
    socket.on('data', (buf: Buffer) => {
      if (gather.scan(buf, (part) => p.parse(part))) socket.destroy(new Error('malformed MQTT packet length'));
    });
    socket.on('error', (err) => this.opts.log.warn({ err, clientId: this.opts.clientId }, 'MQTT connection error'));
    socket.on('close', () => this.onClose(generation));
    socket.once(url.protocol === 'mqtts:' ? 'secureConnect' : 'connect', () => {
      const keepalive = this.opts.keepaliveS ?? 30;
      // Runs from the CONNECT on, so a broker that never answers it is given up too.
      this.startKeepalive(keepalive);
      this.send({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 5,
        clientId: this.opts.clientId,
        clean: false,
        keepalive,
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        ...(url.password ? { password: Buffer.from(decodeURIComponent(url.password)) } : {}),
        properties: { sessionExpiryInterval: this.opts.sessionExpiryS, receiveMaximum: 65_535 },
      });
    });
  }

  private onPacket(packet: Packet, generation: number): void {
    if (generation !== this.generation) return;
    switch (packet.cmd) {
      case 'connack': {
        const code = packet.reasonCode ?? packet.returnCode ?? 0;
        if (code !== 0) {
          this.opts.log.warn({ code, clientId: this.opts.clientId }, 'MQTT broker refused the connection');
          this.socket?.destroy();
          return;
        }
        this.attempt = 0;
        // MQTT 5: a Server Keep Alive replaces the client's value [MQTT-3.2.2-21].
        const serverKeepAlive = packet.properties?.serverKeepAlive;
        if (serverKeepAlive !== undefined) this.startKeepalive(serverKeepAlive);
        if (this.connectedBefore && !packet.sessionPresent)
          this.opts.log.warn(
            { clientId: this.opts.clientId },
            'MQTT broker kept no session: messages published while disconnected were not queued for this client',
          );
        this.connectedBefore = true;
        if (this.opts.adopt) {
          if (packet.sessionPresent) this.becomeReady();
          else this.endAdoption('noSession');
          return;
        }
        // Subscribed again even when the session is present: harmless, and right after a
        // broker lost its state (retained statuses come only for a new subscription).
        this.send({ cmd: 'subscribe', messageId: this.messageId(), subscriptions: this.opts.subscriptions });
        return;
      }
      case 'suback': {
        const failed = (packet.granted as number[]).filter((g) => typeof g === 'number' && g >= 0x80);
        if (failed.length > 0)
          this.opts.log.warn({ failed, clientId: this.opts.clientId }, 'MQTT subscription refused');
        this.becomeReady();
        return;
      }
      case 'publish': {
        const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
        const { messageId, qos } = packet;
        const ack =
          qos === 1 && messageId !== undefined
            ? () => {
                if (generation === this.generation) this.send({ cmd: 'puback', messageId, reasonCode: 0 });
              }
            : () => {};
        this.opts.onMessage(packet.topic, payload, ack);
        return;
      }
      case 'puback': {
        const id = packet.messageId ?? -1;
        this.outgoing.get(id)?.resolve();
        this.outgoing.delete(id);
        return;
      }
      case 'pingresp':
        this.lastPong = Date.now();
        return;
      case 'disconnect':
        if (this.opts.adopt && packet.reasonCode === SESSION_TAKEN_OVER) {
          // Expected: the owner is back with its client id.
          this.ending = 'takenOver';
          this.opts.log.info({ clientId: this.opts.clientId }, 'adopted MQTT session taken back by its owner');
        } else
          this.opts.log.warn(
            { reasonCode: packet.reasonCode, clientId: this.opts.clientId },
            'MQTT broker disconnected',
          );
        this.socket?.destroy();
        return;
      default:
        return;
    }
  }

  private onClose(generation: number): void {
    if (generation !== this.generation) return;
    this.stopKeepalive();
    this.socket = null;
    this.subscribed = false;
    for (const o of this.outgoing.values()) o.reject(new Error('MQTT connection lost'));
    this.outgoing.clear();
    if (this.opts.adopt) {
      const reason = this.closed ? 'closed' : (this.ending ?? 'lost');
      this.closed = true;
      // start() waits no longer for a session that is gone.
      for (const w of this.readyWaiters.splice(0)) w();
      this.opts.adopt.onEnded(reason);
      return;
    }
    if (this.closed) return;
    const delay = Math.min(5000, 100 * 2 ** this.attempt++);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private becomeReady(): void {
    this.subscribed = true;
    if (this.paused) this.socket?.pause();
    for (const w of this.readyWaiters.splice(0)) w();
  }

  /** Ends an adoption whose session is gone; expiry 0 removes the empty session the CONNECT made. */
  private endAdoption(reason: AdoptionEnd): void {
    this.ending = reason;
    this.opts.log.warn(
      { clientId: this.opts.clientId },
      'MQTT session to adopt had expired: what it queued is lost, nothing left to serve',
    );
    this.send({ cmd: 'disconnect', reasonCode: 0, properties: { sessionExpiryInterval: 0 } });
    this.socket?.end();
  }

  /** PINGREQ every half keep-alive; no answer for 1.5 keep-alives closes the connection. */
  private startKeepalive(keepaliveS: number): void {
    this.stopKeepalive();
    this.lastPong = Date.now();
    if (keepaliveS <= 0) return;
    this.pingTimer = setInterval(() => this.ping(keepaliveS), keepaliveS * 500);
    this.pingTimer.unref();
  }

  private stopKeepalive(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private ping(keepaliveS: number): void {
    if (!this.socket) return;
    if (!this.paused && Date.now() - this.lastPong > keepaliveS * 1500) {
      this.opts.log.warn({ clientId: this.opts.clientId }, 'MQTT keepalive timed out');
      this.socket.destroy();
      return;
    }
    this.send({ cmd: 'pingreq' });
  }

  /** Writes made in one tick (e.g. the PUBACKs of a committed batch) leave in one segment. */
  private send(packet: Packet): void {
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    if (!this.corked) {
      this.corked = true;
      socket.cork();
      process.nextTick(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    socket.write(generate(packet, PROTOCOL));
  }

  private messageId(): number {
    const id = this.nextId;
    this.nextId = id >= 65_535 ? 1 : id + 1;
    return id;
  }
}
