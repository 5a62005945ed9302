import { type Socket, connect as tcpConnect } from 'node:net';

/**
 * A minimal MQTT 3.1.1 device for the load generator: CONNECT with serial and secret, PUBLISH
 * at QoS 1, PUBACK matched by packet id, DISCONNECT. mqtt.js spent ~100 µs of the generator's
 * core per message (its store, timers and callbacks); a fleet of 3,000 devices then took a
 * quarter of a 2-core machine from the server it measures (docs/performance.md). This does what
 * a device's firmware does on the wire and no more; it refuses what it does not expect.
 */
export class MqttDevice {
  private buffered: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiting = new Map<number, (err?: Error) => void>();
  private failure: Error | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Connects and waits for the broker's CONNACK; rejects on a refusal (its return code). */
  static connect(url: string, clientId: string, username: string, password: string): Promise<MqttDevice> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = tcpConnect({ host: hostname, port: Number(port || 1883) });
      const device = new MqttDevice(socket);
      const refuse = (err: Error) => {
        socket.destroy();
        reject(err);
      };
      socket.once('error', refuse);
      device.connack = (code) => {
        socket.off('error', refuse);
        if (code === 0) resolve(device);
        else refuse(new Error(`CONNACK refused ${clientId}: return code ${code}`));
      };
      socket.once('connect', () => socket.write(connectPacket(clientId, username, password)));
    });
  }

  /** Publishes at QoS 1; `done` runs on its PUBACK, or with the error that ended the connection. */
  publish(topic: string, payload: string, done: (err?: Error) => void): void {
    if (this.failure) {
      done(this.failure);
      return;
    }
    const id = this.nextId;
    this.nextId = id === 0xffff ? 1 : id + 1;
    this.waiting.set(id, done);
    this.socket.write(publishPacket(topic, payload, id));
  }

  /** Sends DISCONNECT and waits for the socket to close. */
  end(): Promise<void> {
    if (this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.end(Buffer.from([0xe0, 0x00]));
    });
  }

  private connack: (code: number) => void = () => {};

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const header = remainingLength(this.buffered);
      if (!header || this.buffered.length < header.offset + header.length) return;
      const type = (this.buffered[0] ?? 0) >> 4;
      const body = this.buffered.subarray(header.offset, header.offset + header.length);
      this.buffered = this.buffered.subarray(header.offset + header.length);
      if (type === 2) this.connack(body[1] ?? 255);
      else if (type === 4) {
        const id = body.readUInt16BE(0);
        const done = this.waiting.get(id);
        this.waiting.delete(id);
        done?.();
      } else if (type !== 13) this.fail(new Error(`unexpected MQTT packet type ${type}`));
    }
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    for (const done of this.waiting.values()) done(err);
    this.waiting.clear();
    this.socket.destroy();
  }
}

/** The variable-length "remaining length" of a fixed header, or null while incomplete. */
function remainingLength(buf: Buffer): { length: number; offset: number } | null {
  let length = 0;
  let multiplier = 1;
  for (let i = 1; i < Math.min(buf.length, 5); i++) {
    const byte = buf[i] ?? 0;
    length += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) return { length, offset: i + 1 };
    multiplier *= 128;
  }
  return null;
}

function encodeLength(n: number): Buffer {
  const bytes: number[] = [];
  let rest = n;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

const utf8 = (s: string): Buffer => {
  const b = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
};

/** CONNECT, protocol level 4, clean session, user name and password, no keep-alive timer. */
function connectPacket(clientId: string, username: string, password: string): Buffer {
  const body = Buffer.concat([
    utf8('MQTT'),
    Buffer.from([4, 0xc2, 0, 0]),
    utf8(clientId),
    utf8(username),
    utf8(password),
  ]);
  return Buffer.concat([Buffer.from([0x10]), encodeLength(body.length), body]);
}

function publishPacket(topic: string, payload: string, id: number): Buffer {
  const t = Buffer.byteLength(topic);
  const p = Buffer.byteLength(payload);
  const rest = 2 + t + 2 + p;
  const len = encodeLength(rest);
  const out = Buffer.allocUnsafe(1 + len.length + rest);
  let o = 0;
  out[o++] = 0x32;
  o += len.copy(out, o);
  o = out.writeUInt16BE(t, o);
  o += out.write(topic, o, 'utf8');
  o = out.writeUInt16BE(id, o);
  out.write(payload, o, 'utf8');
  return out;
}
