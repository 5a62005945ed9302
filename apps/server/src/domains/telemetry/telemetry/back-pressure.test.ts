import { setTimeout as sleep } from 'node:timers/promises';
import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDevice, createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestStation } from './test-station.kit';

const MAX_PENDING = 2000;
const MESSAGES = 1500;
/** Values a message: the PCS points that take any number in [0, 100]. */
const CODES = ['udc', 'ua', 'ub', 'uc', 'ia', 'ib', 'ic', 'efficiency'] as const;

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
let down = false;
const external = Boolean(process.env.MQTT_URL);

beforeAll(async () => {
  ctx = await createTestApp(
    { INGEST_MAX_PENDING_ROWS: String(MAX_PENDING), INGEST_BATCH_ROWS: '500' },
    {
      telemetryHooks: {
        beforeWrite: () => {
          if (down) throw new Error('injected: database unavailable');
        },
      },
    },
  );
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  st = await createTestStation(ctx.database.db);
  await telemetry.registry.reload();
});

afterAll(() => ctx?.close());

/** Publishes `n` messages from each PCS without waiting; resolves the number acknowledged so far on demand. */
function flood(clients: MqttClient[], start: number, n: number) {
  let acked = 0;
  const all = clients.flatMap((client, k) =>
    Array.from({ length: n }, (_, i) => {
      const sn = st.pcs[k]?.sn ?? '';
      const values = Object.fromEntries(CODES.map((c) => [c, (i % 100) + 0.5]));
      return client
        .publishAsync(topicOf(st.code, sn, 'telemetry'), JSON.stringify({ ts: start + i, values }), { qos: 1 })
        .then(() => {
          acked++;
        });
    }),
  );
  return { acked: () => acked, all: Promise.all(all) };
}

async function storedSince(start: number): Promise<number> {
  const ids = st.pcs.flatMap((d) => CODES.map((c) => d.points.get(c) ?? 0));
  const [row] = await sqlRows<{ n: number }>(
    ctx.database.db,
    sql`SELECT count(*)::int AS n FROM ts_raw WHERE ts >= ${new Date(start).toISOString()}::timestamptz
        AND point_id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return row?.n ?? 0;
}

describe('back-pressure', () => {
  it('holds acknowledgements and memory while the database fails, then stores everything', async () => {
    const clients = await Promise.all(st.pcs.map((d) => connectDevice(ctx, d.sn)));
    const start = Date.now() - 600_000;
    down = true;
    const run = flood(clients, start, MESSAGES);
    await vi.waitFor(() => expect(telemetry.stats()?.failedWrites).toBeGreaterThan(2), { timeout: 10_000 });
    await sleep(1000);
    const held = telemetry.stats();
    // Nothing is acknowledged by the embedded broker while nothing is committed.
    if (!external) expect(run.acked()).toBe(0);
    expect(held?.saturated).toBe(true);
    // Bounded: at most the limit plus one message validated; unparsed messages are what the
    // sockets had delivered before reading stopped, far fewer than were sent.
    expect(held?.pendingRows).toBeLessThanOrEqual(MAX_PENDING + CODES.length);
    expect(held?.waitingMessages ?? 0).toBeLessThan((MESSAGES * st.pcs.length) / 2);
    expect(await storedSince(start)).toBe(0);

    down = false;
    await run.all;
    await vi.waitFor(async () => expect(await storedSince(start)).toBe(MESSAGES * st.pcs.length * CODES.length), {
      timeout: 10_000,
    });
    expect(telemetry.stats()?.saturated).toBe(false);
    await Promise.all(clients.map((c) => c.endAsync()));
  });

  it.skipIf(!process.env.DATABASE_URL)('recovers when PostgreSQL terminates its connections mid-stream', async () => {
    const clients = await Promise.all(st.pcs.map((d) => connectDevice(ctx, d.sn)));
    const start = Date.now() - 300_000;
    const run = flood(clients, start, MESSAGES);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const dbName = ctx.database.raw.kind === 'postgres' ? new URL(ctx.database.raw.url).pathname.slice(1) : '';
    let terminated = 0;
    for (let i = 0; i < 3; i++) {
      await sleep(150);
      const res = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      terminated += res.rowCount ?? 0;
    }
    expect(terminated).toBeGreaterThan(0);
    await admin.end();
    await run.all;
    await vi.waitFor(async () => expect(await storedSince(start)).toBe(MESSAGES * st.pcs.length * CODES.length), {
      timeout: 10_000,
    });
    await Promise.all(clients.map((c) => c.endAsync()));
  });
});
