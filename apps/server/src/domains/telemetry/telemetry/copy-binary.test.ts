import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageEncoder, type SampleColumns } from './copy-binary';

/** Samples as the batch holds them: [device, ts, part, point, value] each. */
function columns(samples: [number, number, number, number, number][]): SampleColumns {
  return {
    deviceIds: Int32Array.from(samples.map((s) => s[0])),
    ts: Float64Array.from(samples.map((s) => s[1])),
    parts: Uint8Array.from(samples.map((s) => s[2])),
    pointIds: Int32Array.from(samples.map((s) => s[3])),
    values: Float64Array.from(samples.map((s) => s[4])),
    rows: samples.length,
  };
}

const db = new PGlite();
afterAll(() => db.close());

/** The rows PostgreSQL reads from the encoded COPY. */
async function copied(rows: Buffer<ArrayBuffer>) {
  await db.exec(`DROP TABLE IF EXISTS m; CREATE TABLE m (device_id integer, ts timestamptz, part smallint,
    point_ids integer[], "values" double precision[])`);
  await db.query(`COPY m FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: new Blob([rows]) });
  const res = await db.query<{ device_id: number; ms: number; part: number; point_ids: number[]; values: number[] }>(
    `SELECT device_id, (extract(epoch FROM ts) * 1000)::float8 AS ms, part, point_ids, "values" FROM m`,
  );
  return res.rows;
}

describe('binary COPY rows of ts_msg', () => {
  const t = Date.UTC(2026, 11, 6, 10, 0, 0, 250);

  it('groups a batch by device, time and part, keeping the first value of a point met twice', async () => {
    const encoded = new MessageEncoder().encode(
      columns([
        [1, t, 0, 10, 1.5],
        [1, t, 0, 11, -2],
        [2, t, 0, 20, 7],
        [1, t + 1000, 0, 10, 1.6],
        // The first message of device 1 again, later in the batch, with one more point.
        [1, t, 0, 11, 99],
        [1, t, 0, 12, 3],
        [1, t, 1, 13, 0.5],
      ]),
    );
    expect(encoded).toMatchObject({ messages: 4, samples: 6, duplicates: 1 });
    expect(await copied(encoded.rows)).toEqual([
      { device_id: 1, ms: t, part: 0, point_ids: [10, 11, 12], values: [1.5, -2, 3] },
      { device_id: 2, ms: t, part: 0, point_ids: [20], values: [7] },
      { device_id: 1, ms: t + 1000, part: 0, point_ids: [10], values: [1.6] },
      { device_id: 1, ms: t, part: 1, point_ids: [13], values: [0.5] },
    ]);
  });

  it('finds duplicates of point ids beyond its stamp array, and in the next batch starts afresh', async () => {
    const encoder = new MessageEncoder();
    const big = 2 ** 30;
    const first = encoder.encode(
      columns([
        [5, t, 0, big, 1],
        [5, t, 0, 40_000, 2],
        [5, t, 0, big, 3],
        [5, t, 0, 40_000, 4],
      ]),
    );
    expect(first).toMatchObject({ messages: 1, samples: 2, duplicates: 2 });
    expect(await copied(first.rows)).toEqual([
      { device_id: 5, ms: t, part: 0, point_ids: [big, 40_000], values: [1, 2] },
    ]);
    const second = encoder.encode(columns([[5, t, 0, 40_000, 4]]));
    expect(second).toMatchObject({ messages: 1, samples: 1, duplicates: 0 });
  });
});
