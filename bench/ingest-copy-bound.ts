import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../apps/server/src/db/client';

/** Header of PostgreSQL's binary COPY (signature, flags, extension length) and the trailer. */
const HEADER = 19;
const TRAILER = 2;
/** (point_id int4, ts timestamptz, value float8) without NULLs: every row has this size. */
const ROW = 34;

/**
 * The COPY bound of a run: the very rows the ingest stored, written again by plain binary
 * COPY (one statement per `chunkRows`, each its own transaction) into a table shaped like
 * ts_raw (same columns and primary key, not partitioned), timed on the COPY alone.
 */
export async function measureCopyBound(
  database: Database,
  pointIds: number[],
  chunkRows: number,
): Promise<{ rows: number; pointsPerSec: number }> {
  const select = `COPY (SELECT point_id, ts, value FROM ts_raw WHERE point_id = ANY('{${pointIds.join(',')}}'::int[])) TO`;
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
      await client.query('CREATE TABLE bench_copy_bound (LIKE ts_raw INCLUDING ALL)');
      const buffers = split(data, chunkRows);
      const started = performance.now();
      for (const b of buffers)
        await pipeline([b], client.query(copyFrom('COPY bench_copy_bound FROM STDIN (FORMAT binary)')));
      const seconds = (performance.now() - started) / 1000;
      await client.query('DROP TABLE bench_copy_bound');
      return { rows: rowsOf(data), pointsPerSec: rowsOf(data) / seconds };
    } finally {
      client.release();
    }
  }
  const out = await raw.client.query(`${select} '/dev/blob' (FORMAT binary)`);
  if (!out.blob) throw new Error('PGlite returned no COPY output');
  data = Buffer.from(await out.blob.arrayBuffer());
  await raw.client.exec(
    'DROP TABLE IF EXISTS bench_copy_bound; CREATE TABLE bench_copy_bound (LIKE ts_raw INCLUDING ALL)',
  );
  const buffers = split(data, chunkRows);
  const started = performance.now();
  for (const b of buffers) {
    await raw.client.query(`COPY bench_copy_bound FROM '/dev/blob' (FORMAT binary)`, [], { blob: new Blob([b]) });
  }
  const seconds = (performance.now() - started) / 1000;
  await raw.client.exec('DROP TABLE bench_copy_bound');
  return { rows: rowsOf(data), pointsPerSec: rowsOf(data) / seconds };
}

const rowsOf = (data: Buffer) => (data.length - HEADER - TRAILER) / ROW;

/** Cuts one binary COPY stream into several, each with the header and trailer. */
function split(data: Buffer, chunkRows: number): Uint8Array<ArrayBuffer>[] {
  const header = data.subarray(0, HEADER);
  const trailer = data.subarray(data.length - TRAILER);
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (let at = HEADER; at < data.length - TRAILER; at += chunkRows * ROW) {
    const body = data.subarray(at, Math.min(at + chunkRows * ROW, data.length - TRAILER));
    const chunk = new Uint8Array(HEADER + body.length + TRAILER);
    chunk.set(header, 0);
    chunk.set(body, HEADER);
    chunk.set(trailer, HEADER + body.length);
    out.push(chunk);
  }
  return out;
}
