import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../apps/server/src/db/client';

/** Header of PostgreSQL's binary COPY (signature, flags, extension length) and the trailer. */
const HEADER = 19;
const TRAILER = 2;

/**
 * The COPY bound of a run: the very rows the ingest stored (ts_msg, a row per device message),
 * written again by plain binary COPY (one statement per `chunkRows` samples, each its own
 * transaction) into a table shaped like ts_msg (same columns and primary key, not partitioned),
 * timed on the COPY alone. Points per second count samples, as the ingest's figures do.
 */
export async function measureCopyBound(
  database: Database,
  pointIds: number[],
  chunkRows: number,
): Promise<{ rows: number; pointsPerSec: number }> {
  const select = `COPY (SELECT * FROM ts_msg WHERE device_id IN (
    SELECT device_id FROM biz_point WHERE id = ANY('{${pointIds.join(',')}}'::int[]))) TO`;
  const raw = database.raw;
  let data: Buffer;
  if (raw.kind === 'postgres') {
    const client = await raw.pool.connect();
    try {
      const chunks: Buffer[] = [];
      const stream = client.query(copyTo(`${select} STDOUT (FORMAT binary)`));
      stream.on('data', (c: Buffer) => chunks.push(c));
      await new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
      data = Buffer.concat(chunks);
      await client.query('DROP TABLE IF EXISTS bench_copy_bound');
      await client.query('CREATE TABLE bench_copy_bound (LIKE ts_msg INCLUDING ALL)');
      const { buffers, samples } = split(data, chunkRows);
      const started = performance.now();
      for (const b of buffers)
        await pipeline([b], client.query(copyFrom('COPY bench_copy_bound FROM STDIN (FORMAT binary)')));
      const seconds = (performance.now() - started) / 1000;
      await client.query('DROP TABLE bench_copy_bound');
      return { rows: samples, pointsPerSec: samples / seconds };
    } finally {
      client.release();
    }
  }
  const out = await raw.client.query(`${select} '/dev/blob' (FORMAT binary)`);
  if (!out.blob) throw new Error('PGlite returned no COPY output');
  data = Buffer.from(await out.blob.arrayBuffer());
  await raw.client.exec(
    'DROP TABLE IF EXISTS bench_copy_bound; CREATE TABLE bench_copy_bound (LIKE ts_msg INCLUDING ALL)',
  );
  const { buffers, samples } = split(data, chunkRows);
  const started = performance.now();
  for (const b of buffers) {
    await raw.client.query(`COPY bench_copy_bound FROM '/dev/blob' (FORMAT binary)`, [], { blob: new Blob([b]) });
  }
  const seconds = (performance.now() - started) / 1000;
  await raw.client.exec('DROP TABLE bench_copy_bound');
  return { rows: samples, pointsPerSec: samples / seconds };
}

/** Length of the binary row at `at` and the samples it holds (the point_ids array, 4th field). */
function rowAt(data: Buffer, at: number): { length: number; samples: number } {
  const fields = data.readInt16BE(at);
  let o = at + 2;
  let samples = 0;
  for (let f = 0; f < fields; f++) {
    const len = data.readInt32BE(o);
    if (f === 3) samples = data.readInt32BE(o + 4 + 12); // dimensions, flags, element type, then n
    o += 4 + Math.max(0, len);
  }
  return { length: o - at, samples };
}

/** Cuts one binary COPY stream into several of about `chunkSamples` samples, each with the header and trailer. */
function split(data: Buffer, chunkSamples: number): { buffers: Uint8Array<ArrayBuffer>[]; samples: number } {
  const header = data.subarray(0, HEADER);
  const trailer = data.subarray(data.length - TRAILER);
  const buffers: Uint8Array<ArrayBuffer>[] = [];
  let samples = 0;
  const cut = (from: number, to: number) => {
    const chunk = new Uint8Array(HEADER + (to - from) + TRAILER);
    chunk.set(header, 0);
    chunk.set(data.subarray(from, to), HEADER);
    chunk.set(trailer, HEADER + (to - from));
    buffers.push(chunk);
  };
  let from = HEADER;
  let inChunk = 0;
  for (let at = HEADER; at < data.length - TRAILER; ) {
    const row = rowAt(data, at);
    at += row.length;
    samples += row.samples;
    inChunk += row.samples;
    if (inChunk >= chunkSamples) {
      cut(from, at);
      from = at;
      inChunk = 0;
    }
  }
  if (from < data.length - TRAILER) cut(from, data.length - TRAILER);
  return { buffers, samples };
}
