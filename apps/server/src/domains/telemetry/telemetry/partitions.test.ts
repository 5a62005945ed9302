import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import { DAY_MS } from './ingest-batch';
import { partitionName } from './partitions';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestStation } from './test-station.kit';

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;

beforeAll(async () => {
  ctx = await createTestApp({ RAW_RETENTION_DAYS: '3' });
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  st = await createTestStation(ctx.database.db);
  await telemetry.registry.reload();
});

afterAll(() => ctx?.close());

async function partitions(): Promise<string[]> {
  const res = await sqlRows<{ name: string }>(
    ctx.database.db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'ts_msg'::regclass ORDER BY 1`,
  );
  return res.map((r) => r.name);
}

const today = () => Math.floor(Date.now() / DAY_MS);

describe('raw partitions', () => {
  it('has today and tomorrow, and creates a day on demand when samples arrive for it', async () => {
    const names = await partitions();
    expect(names).toContain(partitionName(today()));
    expect(names).toContain(partitionName(today() + 1));
    const ts = (today() - 2) * DAY_MS + 3_600_000;
    expect(names).not.toContain(partitionName(today() - 2));
    const pcs = st.pcs[0];
    await telemetry.receive(
      topicOf(st.code, pcs?.sn ?? '', 'telemetry'),
      Buffer.from(JSON.stringify({ ts, values: { p: 1 } })),
    );
    expect(await partitions()).toContain(partitionName(today() - 2));
    const res = await sqlRows(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(partitionName(today() - 2))} WHERE ${pcs?.points.get('p')} = ANY(point_ids)`,
    );
    expect(res).toEqual([{ n: 1 }]);
  });

  it('drops days older than the retention and keeps their roll-ups', async () => {
    const old = today() - 6;
    const name = partitionName(old);
    const from = new Date(old * DAY_MS).toISOString();
    const to = new Date((old + 1) * DAY_MS).toISOString();
    const pid = st.pcs[0]?.points.get('q') ?? 0;
    await ctx.database.db.execute(
      sql.raw(`CREATE TABLE ${name} PARTITION OF ts_msg FOR VALUES FROM ('${from}') TO ('${to}')`),
    );
    await ctx.database.db.execute(
      sql`INSERT INTO ts_msg SELECT device_id, ${from}::timestamptz, 0, ARRAY[id], ARRAY[1] FROM biz_point WHERE id = ${pid}`,
    );
    await ctx.database.db.execute(
      sql`INSERT INTO ts_15m VALUES (${pid}, ${from}::timestamptz, 1, 1, 1, 1, 1, ${from}::timestamptz, 1, ${from}::timestamptz)`,
    );
    const dropped = await telemetry.maintain();
    expect(dropped).toEqual([name]);
    const names = await partitions();
    expect(names).not.toContain(name);
    // Within the retention (3 days): kept.
    expect(names).toContain(partitionName(today() - 2));
    const rollup = await sqlRows(ctx.database.db, sql`SELECT count(*)::int AS n FROM ts_15m WHERE point_id = ${pid}`);
    expect(rollup).toEqual([{ n: 1 }]);
    expect(await telemetry.maintain()).toEqual([]);
  });

  it.runIf(process.env.DATABASE_URL)(
    'gives up a drop that waits behind a long reader, so inserts do not queue behind it',
    async () => {
      const raw = ctx.database.raw;
      if (raw.kind !== 'postgres') throw new Error('PostgreSQL only');
      const old = today() - 8;
      const name = partitionName(old);
      await ctx.database.db.execute(
        sql.raw(
          `CREATE TABLE ${name} PARTITION OF ts_msg FOR VALUES FROM ('${new Date(old * DAY_MS).toISOString()}') TO ('${new Date((old + 1) * DAY_MS).toISOString()}')`,
        ),
      );
      // A reader holding ts_msg as pg_dump does for its whole run.
      const reader = await raw.pool.connect();
      await reader.query('BEGIN');
      await reader.query('LOCK TABLE ts_msg IN ACCESS SHARE MODE');
      try {
        const drop = telemetry.maintain().then(
          () => null,
          (err: unknown) => err,
        );
        const pid = st.pcs[0]?.points.get('p') ?? 0;
        const started = Date.now();
        // Queued behind the waiting DROP until it gives up (1 s), never until the reader ends.
        await raw.pool.query(
          'INSERT INTO ts_msg SELECT device_id, now(), 0, ARRAY[id], ARRAY[7] FROM biz_point WHERE id = $1 ON CONFLICT DO NOTHING',
          [pid],
        );
        const insertMs = Date.now() - started;
        const err = await drop;
        expect(err).toMatchObject({ code: '55P03' });
        expect(insertMs).toBeLessThan(10_000);
        expect(await partitions()).toContain(name);
      } finally {
        await reader.query('ROLLBACK');
        reader.release();
      }
      // Once the reader is gone the next upkeep drops it.
      expect(await telemetry.maintain()).toContain(name);
    },
    30_000,
  );
});
