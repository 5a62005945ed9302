import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import { PgWriterSession } from './pg-writer-session';
import { PgliteWriterSession } from './pglite-writer-session';
import { QUARTER_MS } from './quarter-hours';
import { type OwnBatches, RollupAccumulator } from './rollup-accumulator';
import { createTestStation } from './test-station.kit';
import type { WriterSession } from './writer-session';

const TAG = 77;
const id = (seq: number, tag = TAG) => tag * 2 ** 32 + seq;
const arrays = (pointId: number, ts: number[], values: number[]) => ({
  pointIds: Int32Array.from(ts.map(() => pointId)),
  ts: Float64Array.from(ts),
  values: Float64Array.from(values),
});

describe('RollupAccumulator', () => {
  it('names batches by tag and sequence, and settles up to the oldest in flight', () => {
    const acc = new RollupAccumulator(undefined, TAG);
    const [a, b, c] = [acc.issue(), acc.issue(), acc.issue()];
    expect([a, b, c]).toEqual([id(1), id(2), id(3)]);
    const s = arrays(5, [1_000, 2_000], [3, 4]);
    acc.committed(b, s.pointIds, s.ts, s.values, 2);
    acc.dropped(c);
    const own = acc.take();
    // a is still in flight: rows above it may belong to the next aggregates.
    expect(own).toMatchObject({ tag: TAG, settledUpTo: id(0), accumulated: { ids: [b], samples: 2 } });
    expect(own.accumulated?.quarterHours).toMatchObject([{ pointId: 5, count: 2, sum: 7, first: 3, last: 4 }]);
    acc.dropped(a);
    expect(acc.take()).toEqual({ tag: TAG, settledUpTo: id(3), accumulated: null });
  });

  it('gives up its aggregates past a limit, so their rows are unnested instead', () => {
    const acc = new RollupAccumulator({ batches: 1, quarterHours: 100 }, TAG);
    const s = arrays(5, [1_000], [3]);
    for (let k = 0; k < 2; k++) acc.committed(acc.issue(), s.pointIds, s.ts, s.values, 1);
    expect(acc.take()).toEqual({ tag: TAG, settledUpTo: id(2), accumulated: null });
  });
});

describe('a roll with this process’s aggregates', () => {
  let ctx: TestContext;
  let session: WriterSession;
  let pointId: number;
  const q0 = Math.floor((Date.now() - 3_600_000) / QUARTER_MS) * QUARTER_MS;

  beforeAll(async () => {
    // No ingest of the app's own: the rows here are the tests' alone.
    ctx = await createTestApp({ TELEMETRY: 'off' });
    const station = await createTestStation(ctx.database.db, { pcs: 1 });
    pointId = station.pcs[0]?.points.get('p') ?? 0;
    const raw = ctx.database.raw;
    session = raw.kind === 'postgres' ? new PgWriterSession(raw.pool) : new PgliteWriterSession(raw.client);
  });
  afterAll(async () => {
    await session?.close();
    await ctx?.close();
  });

  const insertRow = (batchId: number, ts: number[], values: number[]) =>
    sqlRows(
      ctx.database.db,
      sql`INSERT INTO ts_rollup_batches (batch_id, point_ids, ts, "values") VALUES (${batchId},
        ${`{${ts.map(() => pointId).join(',')}}`}::integer[],
        ${`{${ts.map((t) => `"${new Date(t).toISOString()}"`).join(',')}}`}::timestamptz[],
        ${`{${values.join(',')}}`}::float8[])`,
    );
  const quarter = async (bucket: number) =>
    (
      await sqlRows<{ count: number; sum: number; first: number; last: number }>(
        ctx.database.db,
        sql`SELECT count, sum, first, last FROM ts_15m WHERE point_id = ${pointId} AND bucket = ${new Date(bucket).toISOString()}::timestamptz`,
      )
    )[0];
  const remaining = async () =>
    (
      await sqlRows<{ id: string }>(
        ctx.database.db,
        sql`SELECT batch_id::text AS id FROM ts_rollup_batches ORDER BY batch_id`,
      )
    ).map((r) => Number(r.id));
  const zones = () => ({ zonePointIds: [], zoneNames: [], defaultZone: 'Asia/Shanghai' });

  it('merges the aggregates of rows still pending, deletes them by id, and unnests the rest', async () => {
    const bucket = q0;
    const acc = new RollupAccumulator(undefined, TAG);
    const [a, b, later] = [acc.issue(), acc.issue(), acc.issue()];
    const rowA = { ts: [bucket + 1_000, bucket + 2_000], values: [1, 2] };
    const rowB = { ts: [bucket + 3_000], values: [4] };
    for (const [batchId, r] of [
      [a, rowA],
      [b, rowB],
    ] as const) {
      // The rows hold other values than the aggregates: the figures show which the roll merged.
      await insertRow(
        batchId,
        r.ts,
        r.values.map((v) => v * 1000),
      );
      const s = arrays(pointId, r.ts, r.values);
      acc.committed(batchId, s.pointIds, s.ts, s.values, r.ts.length);
    }
    // Committed after the roll took the aggregates: stays for the next roll.
    await insertRow(later, [bucket + 5_000], [100]);
    // Another process's row, and an older row of ours that no aggregate holds (an unseen commit).
    await insertRow(id(1, TAG + 1), [bucket + 4_000], [8]);
    let own: OwnBatches | null = null;
    const taken = await session.roll(zones(), () => {
      own = acc.take();
      // `later` is still in flight as far as this roll knows.
      return { ...own, settledUpTo: b };
    });
    expect(own).not.toBeNull();
    // a's and b's three samples from memory, the other process's row unnested.
    expect(taken).toEqual({ taken: 4, fromMemory: 3 });
    expect(await quarter(bucket)).toEqual({ count: 4, sum: 15, first: 1, last: 8 });
    expect(await remaining()).toEqual([later]);
    // Once settled, the row without aggregates is unnested.
    acc.dropped(later);
    expect(await session.roll(zones(), () => acc.take())).toEqual({ taken: 1, fromMemory: 0 });
    expect(await quarter(bucket)).toEqual({ count: 5, sum: 115, first: 1, last: 100 });
    expect(await remaining()).toEqual([]);
  });

  it('unnests instead when a row of its aggregates is gone (another roller took it): no sample twice', async () => {
    const bucket = q0 + QUARTER_MS;
    const acc = new RollupAccumulator(undefined, TAG + 2);
    const [a, b] = [acc.issue(), acc.issue()];
    for (const [batchId, v] of [
      [a, 10],
      [b, 20],
    ] as const) {
      await insertRow(batchId, [bucket + v * 1_000], [v]);
      // Aggregates that differ from the row: they must not be merged.
      const s = arrays(pointId, [bucket + v * 1_000], [v + 1]);
      acc.committed(batchId, s.pointIds, s.ts, s.values, 1);
    }
    // Another roller took b (and merged it): only a's row is left for this one.
    await sqlRows(ctx.database.db, sql`DELETE FROM ts_rollup_batches WHERE batch_id = ${b}`);
    expect(await session.roll(zones(), () => acc.take())).toEqual({ taken: 1, fromMemory: 0 });
    expect(await quarter(bucket)).toEqual({ count: 1, sum: 10, first: 10, last: 10 });
    expect(await remaining()).toEqual([]);
  });
});

describe('a paced roll', () => {
  let ctx: TestContext;
  let session: WriterSession;
  let points: number[];
  /** Each pause the roll asked for: paced in parts, it waits between steps, not after the last. */
  const pauses: number[] = [];
  const pace = {
    partRows: 2,
    pause: 1,
    sleep: async (ms: number) => {
      pauses.push(ms);
    },
  };
  const bucket = Math.floor((Date.now() - 7_200_000) / QUARTER_MS) * QUARTER_MS;

  beforeAll(async () => {
    ctx = await createTestApp({ TELEMETRY: 'off' });
    const station = await createTestStation(ctx.database.db, { pcs: 1 });
    points = [...(station.pcs[0]?.points.values() ?? [])].sort((a, b) => a - b).slice(0, 5);
    const raw = ctx.database.raw;
    session = raw.kind === 'postgres' ? new PgWriterSession(raw.pool, pace) : new PgliteWriterSession(raw.client, pace);
  });
  afterAll(async () => {
    await session?.close();
    await ctx?.close();
  });

  const insertRow = (batchId: number, rows: { pointId: number; ts: number; value: number }[]) =>
    sqlRows(
      ctx.database.db,
      sql`INSERT INTO ts_rollup_batches (batch_id, point_ids, ts, "values") VALUES (${batchId},
        ${`{${rows.map((r) => r.pointId).join(',')}}`}::integer[],
        ${`{${rows.map((r) => `"${new Date(r.ts).toISOString()}"`).join(',')}}`}::timestamptz[],
        ${`{${rows.map((r) => r.value).join(',')}}`}::float8[])`,
    );
  const figures = async (table: 'ts_15m' | 'ts_1d') =>
    sqlRows<{ point: number; count: number; sum: number; first: number; last: number }>(
      ctx.database.db,
      sql`SELECT point_id AS point, count, sum, first, last FROM ${sql.raw(table)}
        WHERE point_id = any(${`{${points.join(',')}}`}::integer[]) ORDER BY point_id`,
    );
  const latest = async () =>
    sqlRows<{ point: number; value: number }>(
      ctx.database.db,
      sql`SELECT point_id AS point, value FROM ts_latest WHERE point_id = any(${`{${points.join(',')}}`}::integer[]) ORDER BY point_id`,
    );
  const zones = () => ({ zonePointIds: [], zoneNames: [], defaultZone: 'UTC' });

  it('merges its aggregates and the other rows part by part, each sample once', async () => {
    const acc = new RollupAccumulator(undefined, TAG + 10);
    const batch = acc.issue();
    // Two samples of each of five points (values 10·i + 1, 10·i + 2): three parts of two rows' worth.
    const own = points.flatMap((pointId, i) => [
      { pointId, ts: bucket + 1_000, value: 10 * i + 1 },
      { pointId, ts: bucket + 2_000, value: 10 * i + 2 },
    ]);
    // The stored row holds other values than the aggregates: the figures show which were merged.
    await insertRow(
      batch,
      own.map((r) => ({ ...r, value: r.value * 1000 })),
    );
    acc.committed(
      batch,
      Int32Array.from(own.map((r) => r.pointId)),
      Float64Array.from(own.map((r) => r.ts)),
      Float64Array.from(own.map((r) => r.value)),
      own.length,
    );
    // Another process's row: an earlier sample of the third point, a later one of the fifth.
    const [third, fifth] = [points[2] ?? 0, points[4] ?? 0];
    await insertRow(id(1, TAG + 11), [
      { pointId: third, ts: bucket + 500, value: 7 },
      { pointId: fifth, ts: bucket + 9_000, value: 9 },
    ]);
    expect(await session.roll(zones(), () => acc.take(), true)).toEqual({ taken: 12, fromMemory: 10 });
    const expected = points.map((point, i) => {
      const extra = point === third ? [7] : point === fifth ? [9] : [];
      const [v1, v2] = [10 * i + 1, 10 * i + 2];
      return {
        point,
        count: 2 + extra.length,
        sum: v1 + v2 + extra.reduce((a, b) => a + b, 0),
        first: point === third ? 7 : v1,
        last: point === fifth ? 9 : v2,
      };
    });
    expect(await figures('ts_15m')).toEqual(expected);
    expect(await figures('ts_1d')).toEqual(expected);
    expect(await latest()).toEqual(expected.map((e) => ({ point: e.point, value: e.last })));
    // Steps: take, three COPYs of parts, then three parts in each of three tables; no pause after the last.
    expect(pauses).toHaveLength(1 + 3 + 9 - 1);
    // Nothing is left pending.
    expect(await sqlRows(ctx.database.db, sql`SELECT batch_id FROM ts_rollup_batches`)).toEqual([]);
  });

  it('cuts the rows into parts in key order when it holds no aggregates', async () => {
    pauses.length = 0;
    const next = bucket + QUARTER_MS;
    await insertRow(
      id(2, TAG + 11),
      points.map((pointId, i) => ({ pointId, ts: next + 1_000, value: i })),
    );
    const before = await figures('ts_1d');
    expect(await session.roll(zones(), () => new RollupAccumulator(undefined, TAG + 12).take(), true)).toEqual({
      taken: 5,
      fromMemory: 0,
    });
    const quarters = await sqlRows<{ point: number; count: number }>(
      ctx.database.db,
      sql`SELECT point_id AS point, count FROM ts_15m WHERE bucket = ${new Date(next).toISOString()}::timestamptz ORDER BY point_id`,
    );
    expect(quarters).toEqual(points.map((point) => ({ point, count: 1 })));
    // The day's figures grew by one sample each, in the same day's rows.
    expect((await figures('ts_1d')).map((r) => r.count)).toEqual(before.map((r) => r.count + 1));
    // Five rows in parts of two: take, then three parts in each of three tables.
    expect(pauses).toHaveLength(1 + 9 - 1);
  });
});
