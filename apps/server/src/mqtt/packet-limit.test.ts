import { describe, expect, it } from 'vitest';
import { GATHER_BYTES, PacketSizeScanner } from './packet-limit';

/** An MQTT packet of `bodyBytes` remaining length: type byte, variable-length length, body. */
function packet(bodyBytes: number): Buffer {
  const len: number[] = [];
  let x = bodyBytes;
  do {
    let b = x % 128;
    x = Math.floor(x / 128);
    if (x > 0) b |= 0x80;
    len.push(b);
  } while (x > 0);
  return Buffer.concat([Buffer.from([0x30, ...len]), Buffer.alloc(bodyBytes, 7)]);
}

/** Cuts a stream into chunks of random sizes (seeded), as TCP may deliver it. */
function chunks(stream: Buffer, seed: number): Buffer[] {
  const out: Buffer[] = [];
  let s = seed;
  for (let i = 0; i < stream.length; ) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const n = 1 + (s % 700);
    out.push(stream.subarray(i, i + n));
    i += n;
  }
  return out;
}

describe('MQTT packet size scanner', () => {
  const LIMIT = 20_000;

  it('passes any chunking of packets within the limit, up to exactly the limit', () => {
    const sizes = [0, 1, 127, 128, 16_383, 16_384, LIMIT - 4];
    const stream = Buffer.concat(sizes.map(packet));
    expect(packet(LIMIT - 4).length).toBe(LIMIT);
    for (let seed = 1; seed <= 20; seed++) {
      const scanner = new PacketSizeScanner(LIMIT);
      for (const c of chunks(stream, seed)) expect(scanner.scan(c)).toBeNull();
    }
  });

  it('reports the first packet over the limit as soon as its length is read', () => {
    const over = packet(LIMIT - 3);
    const stream = Buffer.concat([packet(10), packet(500), over]);
    for (let seed = 1; seed <= 20; seed++) {
      const scanner = new PacketSizeScanner(LIMIT);
      let at = -1;
      let read = 0;
      for (const c of chunks(stream, seed)) {
        const breach = scanner.scan(c);
        read += c.length;
        if (breach) {
          expect(breach).toEqual({ declaredBytes: over.length, limitBytes: LIMIT });
          at = read;
          break;
        }
      }
      // Reported within the chunk holding the oversized packet's length, far before its end.
      const headerEnd = packet(10).length + packet(500).length + 4;
      expect(at).toBeGreaterThanOrEqual(headerEnd);
      expect(at).toBeLessThan(headerEnd + 700);
    }
  });

  it('reports a remaining length of more than four bytes as malformed', () => {
    const scanner = new PacketSizeScanner(LIMIT);
    expect(scanner.scan(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toEqual({
      declaredBytes: null,
      limitBytes: LIMIT,
    });
  });

  it('hands on every byte in order, a long body after the first packet as one buffer', () => {
    const long = packet(GATHER_BYTES + 5);
    const stream = Buffer.concat([packet(GATHER_BYTES), packet(3), long, packet(200), packet(GATHER_BYTES)]);
    for (let seed = 1; seed <= 10; seed++) {
      const scanner = new PacketSizeScanner(4 * GATHER_BYTES);
      const parts: Buffer[] = [];
      for (const c of chunks(stream, seed)) expect(scanner.scan(c, (p) => parts.push(p))).toBeNull();
      expect(Buffer.concat(parts).equals(stream)).toBe(true);
      // The first packet (the sign-in) is never gathered; the long ones after it are, whole.
      expect(parts.filter((p) => p.length === GATHER_BYTES + 5)).toHaveLength(1);
      expect(parts.filter((p) => p.length === GATHER_BYTES)).toHaveLength(1);
      expect(parts.filter((p) => p.length > 700 && p.length !== GATHER_BYTES + 5 && p.length !== GATHER_BYTES)).toEqual(
        [],
      );
    }
  });
});
