import { indexHolding } from '../../../lib/typed-arrays';
import type { QuarterHour } from './quarter-hours';

/**
 * PostgreSQL's binary COPY format: no number-to-text conversion on either side. Rows are
 * written field by field with their length; none of these columns is ever NULL.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER = 11 + 4 + 4;
/** PostgreSQL counts timestamps in microseconds from 2000-01-01. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 2 ** 32;

class Writer {
  readonly buf: Buffer<ArrayBuffer>;
  o = HEADER;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(HEADER + size + 2);
    SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, 11); // flags
    this.buf.writeInt32BE(0, 15); // header extension length
  }
  row(fields: number): void {
    this.buf.writeInt16BE(fields, this.o);
    this.o += 2;
  }
  int2(v: number): void {
    this.buf.writeInt32BE(2, this.o);
    this.buf.writeInt16BE(v, this.o + 4);
    this.o += 6;
  }
  int4(v: number): void {
    this.buf.writeInt32BE(4, this.o);
    this.buf.writeInt32BE(v, this.o + 4);
    this.o += 8;
  }
  /** A non-negative safe integer. */
  int8(v: number): void {
    const hi = Math.floor(v / TWO_32);
    this.buf.writeInt32BE(8, this.o);
    this.buf.writeInt32BE(hi, this.o + 4);
    this.buf.writeUInt32BE(v - hi * TWO_32, this.o + 8);
    this.o += 12;
  }
  float8(v: number): void {
    this.buf.writeInt32BE(8, this.o);
    this.buf.writeDoubleBE(v, this.o + 4);
    this.o += 12;
  }
  /** Epoch ms; exact in a double (|µs| < 2^53 within ±285 years of 2000). */
  timestamptz(ms: number): void {
    const us = (ms - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    this.buf.writeInt32BE(8, this.o);
    this.buf.writeInt32BE(hi, this.o + 4);
    this.buf.writeUInt32BE(us - hi * TWO_32, this.o + 8);
    this.o += 12;
  }
  /** A one-dimensional array field of `n` elements of type `oid`, each `size` bytes. */
  arrayHeader(oid: number, n: number, size: number): void {
    this.buf.writeInt32BE(20 + n * (4 + size), this.o); // field length
    this.buf.writeInt32BE(1, this.o + 4); // dimensions
    this.buf.writeInt32BE(0, this.o + 8); // flags: no NULLs
    this.buf.writeInt32BE(oid, this.o + 12);
    this.buf.writeInt32BE(n, this.o + 16);
    this.buf.writeInt32BE(1, this.o + 20); // lower bound
    this.o += 24;
  }
  end(): Buffer<ArrayBuffer> {
    this.buf.writeInt16BE(-1, this.o); // trailer
    // Sized for the most a caller may write (MessageEncoder leaves duplicates out): no bytes after the trailer.
    const length = this.o + 2;
    return length === this.buf.length ? this.buf : this.buf.subarray(0, length);
  }
}

/** Element types of the arrays (pg_type oids). */
const INT4_OID = 23;
const TIMESTAMPTZ_OID = 1184;
const FLOAT8_OID = 701;

/** A batch's samples in column arrays (ingest-batch.ts). */
export type SampleColumns = {
  deviceIds: ArrayLike<number>;
  parts: ArrayLike<number>;
  pointIds: ArrayLike<number>;
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
  rows: number;
};

/** Binary COPY rows of ts_msg / ingest_stage; `duplicates`: samples left out, their point already in the row. */
export type EncodedMessages = { rows: Buffer<ArrayBuffer>; messages: number; samples: number; duplicates: number };

/** Point ids above this are deduplicated with a Set instead of the stamp array (4 bytes an id). */
const STAMPED_IDS = 1 << 24;

/**
 * Rows (device_id, ts, part, point_ids, values) of ts_msg: a batch's samples grouped by device,
 * time and part, a row each (ts_msg's key). A group's samples usually lie side by side (one
 * message); the same key further on (a device resending within the batch) joins its group, and a
 * point met twice in a group keeps its first value (as the stored one would be kept).
 * Duplicates are found with a stamp per point id (no Set per row on the hot path).
 */
export class MessageEncoder {
  private stamp = new Int32Array(1024);
  private group = 0;

  encode(c: SampleColumns): EncodedMessages {
    const groups = new Map<string, number[]>();
    const { deviceIds, parts, ts, rows } = c;
    for (let start = 0; start < rows; ) {
      const d = deviceIds[start] ?? 0;
      const t = ts[start] ?? 0;
      const p = parts[start] ?? 0;
      let end = start + 1;
      while (end < rows && ts[end] === t && deviceIds[end] === d && parts[end] === p) end++;
      const key = `${d} ${t} ${p}`;
      const runs = groups.get(key);
      if (runs) runs.push(start, end);
      else groups.set(key, [start, end]);
      start = end;
    }
    const w = new Writer(groups.size * 76 + rows * 20);
    const picked = new Int32Array(rows);
    let samples = 0;
    for (const runs of groups.values()) {
      const n = this.pick(c.pointIds, runs, picked);
      const first = runs[0] ?? 0;
      w.row(5);
      w.int4(deviceIds[first] ?? 0);
      w.timestamptz(ts[first] ?? 0);
      w.int2(parts[first] ?? 0);
      w.arrayHeader(INT4_OID, n, 4);
      for (let k = 0; k < n; k++) w.int4(c.pointIds[picked[k] ?? 0] ?? 0);
      w.arrayHeader(FLOAT8_OID, n, 8);
      for (let k = 0; k < n; k++) w.float8(c.values[picked[k] ?? 0] ?? 0);
      samples += n;
    }
    return { rows: w.end(), messages: groups.size, samples, duplicates: rows - samples };
  }

  /** The first sample of each point of a group's runs, into `picked`; returns how many. */
  private pick(pointIds: ArrayLike<number>, runs: number[], picked: Int32Array): number {
    if (++this.group === 0x7fffffff) {
      this.stamp.fill(0);
      this.group = 1;
    }
    const g = this.group;
    let n = 0;
    let spill: Set<number> | null = null;
    for (let r = 0; r < runs.length; r += 2) {
      for (let i = runs[r] ?? 0, end = runs[r + 1] ?? 0; i < end; i++) {
        const id = pointIds[i] ?? 0;
        if (id >= 0 && id < STAMPED_IDS) {
          if (id >= this.stamp.length) this.stamp = indexHolding(this.stamp, id, STAMPED_IDS);
          if (this.stamp[id] === g) continue;
          this.stamp[id] = g;
        } else {
          spill ??= new Set();
          if (spill.has(id)) continue;
          spill.add(id);
        }
        picked[n++] = i;
      }
    }
    return n;
  }
}

/**
 * One row of ts_rollup_batches: the batch's id and its samples as three arrays (point_ids, ts,
 * values), so the roller's pending work costs a row a batch rather than a row a sample. The
 * elements are written like fields (length, then the value), as PostgreSQL's array_recv reads them.
 */
export function encodeSampleArrays(
  batchId: number,
  pointIds: ArrayLike<number>,
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  rows: number,
): Buffer<ArrayBuffer> {
  const w = new Writer(2 + 12 + 3 * 24 + rows * (8 + 12 + 12));
  w.row(4);
  w.int8(batchId);
  w.arrayHeader(INT4_OID, rows, 4);
  for (let i = 0; i < rows; i++) w.int4(pointIds[i] ?? 0);
  w.arrayHeader(TIMESTAMPTZ_OID, rows, 8);
  for (let i = 0; i < rows; i++) w.timestamptz(ts[i] ?? 0);
  w.arrayHeader(FLOAT8_OID, rows, 8);
  for (let i = 0; i < rows; i++) w.float8(values[i] ?? 0);
  return w.end();
}

/** Rows of ingest_rollup: 114 bytes a row; with `part`, rows of roll_q (122 bytes). */
export function encodeQuarterHours(rows: readonly QuarterHour[], part?: number): Buffer<ArrayBuffer> {
  const w = new Writer(rows.length * (part === undefined ? 114 : 122));
  for (const q of rows) {
    w.row(part === undefined ? 10 : 11);
    w.int4(q.pointId);
    w.timestamptz(q.bucket);
    w.float8(q.min);
    w.float8(q.max);
    w.float8(q.sum);
    w.int4(q.count);
    w.float8(q.first);
    w.timestamptz(q.firstTs);
    w.float8(q.last);
    w.timestamptz(q.lastTs);
    if (part !== undefined) w.int4(part);
  }
  return w.end();
}
