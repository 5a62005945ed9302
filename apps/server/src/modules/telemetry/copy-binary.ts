/**
 * PostgreSQL's binary COPY format for rows (point_id int4, ts timestamptz, value float8):
 * no number-to-text conversion on either side, 34 bytes a row.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER = 11 + 4 + 4;
const ROW = 2 + (4 + 4) + (4 + 8) + (4 + 8);
/** PostgreSQL counts timestamps in microseconds from 2000-01-01. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 2 ** 32;

export function encodeSamples(
  pointIds: ArrayLike<number>,
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  rows: number,
): Buffer<ArrayBuffer> {
  const buf = Buffer.allocUnsafe(HEADER + rows * ROW + 2);
  SIGNATURE.copy(buf, 0);
  buf.writeInt32BE(0, 11); // flags
  buf.writeInt32BE(0, 15); // header extension length
  let o = HEADER;
  for (let i = 0; i < rows; i++) {
    buf.writeInt16BE(3, o);
    buf.writeInt32BE(4, o + 2);
    buf.writeInt32BE(pointIds[i] ?? 0, o + 6);
    // Exact in a double: |µs| < 2^53 for any date within ±285 years of 2000.
    const us = ((ts[i] ?? 0) - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    buf.writeInt32BE(8, o + 10);
    buf.writeInt32BE(hi, o + 14);
    buf.writeUInt32BE(us - hi * TWO_32, o + 18);
    buf.writeInt32BE(8, o + 22);
    buf.writeDoubleBE(values[i] ?? 0, o + 26);
    o += ROW;
  }
  buf.writeInt16BE(-1, o); // trailer
  return buf;
}
