import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** Why a connection was cut before its packet was read. */
export type PacketLimitBreach = { declaredBytes: number | null; limitBytes: number };

/**
 * Bodies this long are gathered into one buffer as their bytes arrive. The broker's parser
 * would otherwise copy a packet's chunks together once it is complete: 8 MB in one go, up
 * to 30 ms of CPU on fresh memory here, holding the event loop.
 */
export const GATHER_BYTES = 64 << 10;

/**
 * Reads MQTT fixed headers as bytes pass (type byte, then the 1–4 byte remaining length) and
 * reports a packet longer than the limit as soon as its header arrives, before its body is
 * buffered anywhere. With `pass`, it also says what to hand on: the bytes as they came, except
 * a long body (after the connection's first packet), which is handed on whole once complete.
 */
export class PacketSizeScanner {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private lengthBytes = 0;
  private remaining = 0;
  private packets = 0;
  private gather: Buffer | null = null;
  private gathered = 0;

  constructor(private readonly limitBytes: number) {}

  /** Null while every packet so far is within the limit. */
  scan(chunk: Buffer, pass?: (part: Buffer) => void): PacketLimitBreach | null {
    let i = 0;
    // Start of the chunk's bytes not yet handed on (gathered ones never are).
    let from = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const take = Math.min(this.remaining, chunk.length - i);
        const gather = this.gather;
        if (gather) {
          chunk.copy(gather, this.gathered, i, i + take);
          this.gathered += take;
        }
        this.remaining -= take;
        i += take;
        if (gather) from = i;
        if (this.remaining === 0) {
          this.state = 'type';
          if (gather) pass?.(gather);
          this.gather = null;
        }
      } else if (this.state === 'type') {
        i++;
        this.state = 'length';
        this.length = 0;
        this.lengthBytes = 0;
      } else {
        const byte = chunk[i++] ?? 0;
        this.length += (byte & 0x7f) * 128 ** this.lengthBytes;
        this.lengthBytes++;
        if (byte & 0x80) {
          // A fifth length byte is malformed (MQTT 3.1.1 §2.2.3).
          if (this.lengthBytes === 4) return { declaredBytes: null, limitBytes: this.limitBytes };
          continue;
        }
        // The whole packet: type byte, length bytes and body.
        const total = 1 + this.lengthBytes + this.length;
        if (total > this.limitBytes) return { declaredBytes: total, limitBytes: this.limitBytes };
        this.remaining = this.length;
        this.state = this.length === 0 ? 'type' : 'body';
        // Not the first packet (CONNECT): a client that never signed in makes us gather nothing.
        if (pass && this.packets++ > 0 && this.length >= GATHER_BYTES) {
          if (i > from) pass(chunk.subarray(from, i));
          from = i;
          this.gather = Buffer.allocUnsafe(this.length);
          this.gathered = 0;
        }
      }
    }
    if (pass && from < chunk.length) pass(chunk.subarray(from));
    return null;
  }
}

/**
 * The socket as aedes sees it, with the packet size limit in front: what the device sends is
 * passed on unchanged until a header declares a packet over the limit, then the socket is
 * destroyed (MQTT 3.1.1 has no reason code for it) without reading the body.
 */
export function limitPacketSize(
  socket: Socket,
  limitBytes: number,
  onBreach: (breach: PacketLimitBreach) => void,
): Duplex {
  const scanner = new PacketSizeScanner(limitBytes);
  const guarded: Duplex = new Duplex({
    read: () => {
      socket.resume();
    },
    write: (chunk: Buffer, _enc, cb) => {
      socket.write(chunk, cb);
    },
    writev: (chunks, cb) => {
      // A committed batch's PUBACKs leave in one write.
      socket.cork();
      chunks.forEach(({ chunk }, i) => {
        socket.write(chunk, i === chunks.length - 1 ? cb : undefined);
      });
      socket.uncork();
    },
    final: (cb) => {
      socket.end(cb);
    },
    destroy: (err, cb) => {
      socket.destroy();
      cb(err);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    let full = false;
    const breach = scanner.scan(chunk, (part) => {
      if (!guarded.push(part)) full = true;
    });
    if (breach) {
      socket.pause();
      onBreach(breach);
      guarded.destroy();
      return;
    }
    if (full) socket.pause();
  });
  socket.on('end', () => guarded.push(null));
  socket.on('error', (err) => guarded.destroy(err));
  socket.on('close', () => guarded.destroy());
  return guarded;
}
