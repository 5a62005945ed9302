import { once } from 'node:events';
import { type AddressInfo, createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { generate, type IConnectPacket, type Packet, parser } from 'mqtt-packet';

/** Test helpers for the MQTT client: a scripted MQTT 5 broker and a TCP proxy that can cut the line. */

const V5 = { protocolVersion: 5 } as const;

export type Received = { packet: Packet; at: number };

/** One client connection as the scripted broker sees it. */
export class BrokerConnection {
  readonly received: Received[] = [];
  readonly openedAt = Date.now();
  connect: IConnectPacket | null = null;
  closedAt: number | null = null;

  constructor(readonly socket: Socket) {}

  send(packet: Packet): void {
    if (!this.socket.destroyed) this.socket.write(generate(packet, V5));
  }

  /** QoS 1 publish to the client. */
  publish(messageId: number, topic: string, payload: string | Buffer, dup = false): void {
    this.send({ cmd: 'publish', topic, payload, qos: 1, dup, retain: false, messageId });
  }

  /** Packets of one kind the client sent on this connection, with when they arrived. */
  of(cmd: Packet['cmd']): Received[] {
    return this.received.filter((r) => r.packet.cmd === cmd);
  }

  /** Message ids of the PUBACKs the client sent on this connection. */
  pubacks(): number[] {
    return this.of('puback').map((r) => (r.packet.cmd === 'puback' ? (r.packet.messageId ?? -1) : -1));
  }

  /** Drops the connection without a DISCONNECT (a lost line, a crashed broker). */
  drop(): void {
    this.socket.destroy();
  }
}

/**
 * A minimal MQTT 5 broker on mqtt-packet over a local TCP server (port 0), for what needs
 * control of timing: it accepts every CONNECT, grants every subscription, answers PINGREQ
 * while `answerPings` is true, and records every packet. Messages go out only when a test
 * sends them.
 */
export class ScriptedBroker {
  readonly connections: BrokerConnection[] = [];
  answerPings = true;
  sessionPresent = false;
  /** MQTT 5 Server Keep Alive in the CONNACK (overrides the client's keep-alive). */
  serverKeepAlive: number | undefined;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<ScriptedBroker> {
    const server = createServer();
    const broker = new ScriptedBroker(server);
    server.on('connection', (socket) => broker.accept(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return broker;
  }

  get url(): URL {
    return new URL(`mqtt://127.0.0.1:${(this.server.address() as AddressInfo).port}`);
  }

  /** The newest connection; fails the test if there is none. */
  get latest(): BrokerConnection {
    const c = this.connections.at(-1);
    if (!c) throw new Error('no connection yet');
    return c;
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    const conn = new BrokerConnection(socket);
    this.connections.push(conn);
    const p = parser(V5);
    p.on('packet', (packet: Packet) => {
      conn.received.push({ packet, at: Date.now() });
      this.answer(conn, packet);
    });
    p.on('error', () => socket.destroy());
    socket.on('data', (b: Buffer) => p.parse(b));
    socket.on('error', () => {});
    socket.on('close', () => {
      conn.closedAt = Date.now();
    });
  }

  private answer(conn: BrokerConnection, packet: Packet): void {
    switch (packet.cmd) {
      case 'connect':
        conn.connect = packet;
        conn.send({
          cmd: 'connack',
          reasonCode: 0,
          sessionPresent: this.sessionPresent,
          ...(this.serverKeepAlive !== undefined ? { properties: { serverKeepAlive: this.serverKeepAlive } } : {}),
        });
        return;
      case 'subscribe':
        conn.send({
          cmd: 'suback',
          messageId: packet.messageId,
          granted: packet.subscriptions.map((s) => s.qos),
        });
        return;
      case 'pingreq':
        if (this.answerPings) conn.send({ cmd: 'pingresp' });
        return;
      default:
        return;
    }
  }
}

/**
 * A TCP forwarder in front of a real broker: `cut()` breaks every line through it at once
 * (no DISCONNECT reaches the broker, as when a process dies or a cable is pulled), and while
 * `refusing` it closes new connections at once, so a client stays away.
 */
export class TcpProxy {
  refusing = false;
  /** Connections forwarded so far. */
  forwarded = 0;
  private readonly open = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(target: URL): Promise<TcpProxy> {
    const server = createServer();
    const proxy = new TcpProxy(server);
    server.on('connection', (client) => proxy.forward(client, target));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return proxy;
  }

  get url(): URL {
    return new URL(`mqtt://127.0.0.1:${(this.server.address() as AddressInfo).port}`);
  }

  cut(): void {
    for (const s of this.open) s.destroy();
    this.open.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: Socket, target: URL): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    this.forwarded++;
    const upstream = netConnect({ host: target.hostname, port: Number(target.port) || 1883 });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.open.add(a);
      a.on('error', () => {});
      a.on('close', () => {
        this.open.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A logger that keeps its messages, for tests that check what the client reported. */
export function recordingLog() {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    log: {
      info: (_obj: object, msg: string) => {
        infos.push(msg);
      },
      warn: (_obj: object, msg: string) => {
        warnings.push(msg);
      },
    },
  };
}
