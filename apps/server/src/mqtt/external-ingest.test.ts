import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TelemetryRuntime } from '../domains/telemetry/telemetry/telemetry-runtime';
import { createTestStation, type TestStation } from '../domains/telemetry/telemetry/test-station.kit';
import { createTestApp, sqlRows, type TestContext } from '../test/harness';
import { ScriptedBroker, sleep } from './mqtt.kit';

/**
 * The server subscribed to an external broker (here a scripted one, so the test sees every
 * PUBACK): the whole path of a message — MQTT client, ingest, database — acknowledges a
 * message only after its samples are committed, and only on the connection that delivered it.
 */

let broker: ScriptedBroker;
let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
/** While set, every ingest write waits for it: the commit is held. */
let gate: Promise<void> | null = null;
let release = () => {};

function holdCommits(): void {
  gate = new Promise((resolve) => {
    release = () => {
      gate = null;
      resolve();
    };
  });
}

beforeAll(async () => {
  broker = await ScriptedBroker.start();
  ctx = await createTestApp(
    { MQTT_URL: broker.url.toString(), MQTT_INGEST_CONNECTIONS: '1' },
    { telemetryHooks: { beforeWrite: () => gate ?? undefined } },
  );
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  st = await createTestStation(ctx.database.db, { pcs: 1 });
  await telemetry.registry.reload();
});

afterAll(async () => {
  release();
  await ctx?.close();
  await broker?.close();
});

const sn = () => st.pcs[0]?.sn ?? '';
const sample = (ts: number) => JSON.stringify({ ts, values: { p: 42 } });

async function stored(ts: number): Promise<number> {
  const [row] = await sqlRows<{ n: number }>(
    ctx.database.db,
    sql`SELECT count(*)::int AS n FROM ts_raw
        WHERE point_id = ${st.pcs[0]?.points.get('p')} AND ts = ${new Date(ts).toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

describe('external broker subscriber: acknowledgement after commit', () => {
  it('sends the PUBACK of a telemetry message only once its samples are committed', async () => {
    const c = broker.latest;
    expect(c.connect).toMatchObject({ clean: false, protocolVersion: 5 });
    const ts = Date.now() - 60_000;
    const taken = telemetry.stats()?.messages ?? 0;
    holdCommits();
    c.publish(11, topicOf(st.code, sn(), 'telemetry'), sample(ts));
    await vi.waitFor(() => expect(telemetry.stats()?.messages).toBe(taken + 1), { timeout: 5000, interval: 20 });
    // Taken and validated, not committed: no acknowledgement, whatever the wait.
    await sleep(500);
    expect(c.pubacks()).toEqual([]);
    expect(await stored(ts)).toBe(0);

    release();
    await vi.waitFor(() => expect(c.pubacks()).toEqual([11]), { timeout: 5000, interval: 20 });
    expect(await stored(ts)).toBe(1);
  });

  it('acknowledges a message whose connection was lost before the commit only when delivered again', async () => {
    const first = broker.latest;
    const ts = Date.now() - 50_000;
    const topic = topicOf(st.code, sn(), 'telemetry');
    const duplicates = telemetry.stats()?.duplicates ?? 0;
    holdCommits();
    first.publish(12, topic, sample(ts));
    await vi.waitFor(async () => expect(telemetry.stats()?.pendingRows).toBeGreaterThan(0), {
      timeout: 5000,
      interval: 20,
    });
    // The line is lost while the commit waits; the client connects again at once.
    first.drop();
    await vi.waitFor(() => expect(broker.connections.length).toBeGreaterThanOrEqual(2), {
      timeout: 5000,
      interval: 20,
    });
    const second = broker.latest;
    await vi.waitFor(() => expect(second.of('subscribe').length).toBeGreaterThan(0), { timeout: 5000, interval: 20 });

    // The commit ends: stored, but acknowledged on neither connection.
    release();
    await vi.waitFor(async () => expect(await stored(ts)).toBe(1), { timeout: 5000, interval: 20 });
    await sleep(300);
    expect(first.pubacks()).not.toContain(12);
    expect(second.pubacks()).toEqual([]);

    // The broker delivers it again: the sample is already stored, and now it is acknowledged.
    second.publish(12, topic, sample(ts), true);
    await vi.waitFor(() => expect(second.pubacks()).toEqual([12]), { timeout: 5000, interval: 20 });
    expect(telemetry.stats()?.duplicates).toBe(duplicates + 1);
    expect(await stored(ts)).toBe(1);
  });
});
