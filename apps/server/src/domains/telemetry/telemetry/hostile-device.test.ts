import { monitorEventLoopDelay } from 'node:perf_hooks';
import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DeviceThread, deviceThread } from '../../../test/device-thread';
import { createTestApp, deviceCredentials, sqlRows, type TestContext } from '../../../test/harness';
import { probeHttp } from '../../../test/http-probe';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestDevice, type TestStation } from './test-station.kit';

/** The red-team pass's message (issue 20): one sample of 650,000 codes the model lacks, 7.7 MB. */
const HOSTILE_CODES = 650_000;
const PROBE_EVERY_MS = 100;
const PROBE_LIMIT_MS = 500;
/** The event loop's longest hold allowed here, on a shared machine under load (the goal, idle, is 50 ms). */
const LOOP_LIMIT_MS = 200;

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
let device: TestDevice;
/** The device publishes from its own thread: the loop timed here is the server's. */
let client: DeviceThread;
let healthUrl: string;
/** Sample times: one ms apart from an hour ago, so no two messages share one. */
let nextTs = Date.now() - 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  st = await createTestStation(ctx.database.db);
  await telemetry.registry.reload();
  const pcs = st.pcs[0];
  if (!pcs) throw new Error('fixture');
  device = pcs;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  healthUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/health`;
  client = await deviceThread(ctx.mqttUrl ?? '', {
    clientId: device.sn,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(await deviceCredentials(ctx.database.db, device.sn)),
  });
});

afterAll(async () => {
  await client?.end();
  await ctx?.close();
});

const topic = () => topicOf(st.code, device.sn, 'telemetry');

/** `count` samples of `codes` codes each that no device model has, as a device would send them. */
function unknownCodes(count: number, codes: number): Buffer {
  const samples: string[] = [];
  let k = 0;
  for (let s = 0; s < count; s++) {
    const values: string[] = [];
    for (let c = 0; c < codes; c++) values.push(`"x${k++}":1`);
    samples.push(`{"ts":${nextTs++},"values":{${values.join(',')}}}`);
  }
  return Buffer.from(count === 1 ? (samples[0] ?? '') : `[${samples.join(',')}]`);
}

type Row = { id: number; reason: string; point_code: string | null; detail: string; payload: string };

const quarantinedAfter = (id: number) =>
  sqlRows<Row>(
    ctx.database.db,
    sql`SELECT id::int AS id, reason, point_code, detail, payload FROM ts_quarantine
        WHERE sn = ${device.sn} AND id > ${id} ORDER BY id`,
  );

async function lastQuarantineId(): Promise<number> {
  const [row] = await sqlRows<{ id: number | null }>(
    ctx.database.db,
    sql`SELECT max(id)::int AS id FROM ts_quarantine`,
  );
  return row?.id ?? 0;
}

async function storedP(ts: number): Promise<number[]> {
  const rows = await sqlRows<{ value: number }>(
    ctx.database.db,
    sql`SELECT value FROM ts_raw WHERE point_id = ${device.points.get('p')}
        AND ts = ${new Date(ts).toISOString()}::timestamptz`,
  );
  return rows.map((r) => r.value);
}

async function publishGood(value: number): Promise<number> {
  const ts = nextTs++;
  await client.publish(topic(), JSON.stringify({ ts, values: { p: value } }));
  return ts;
}

/**
 * Publishes `payload` between two good messages while the HTTP probe runs and the event loop
 * is watched; resolves its quarantine rows, the slowest probe and the loop's longest hold.
 */
async function publishHostile(payload: Buffer): Promise<{ rows: Row[]; slowestProbeMs: number; loopMaxMs: number }> {
  const since = await lastQuarantineId();
  const goodBefore = await publishGood(11);
  const probe = probeHttp(healthUrl, PROBE_EVERY_MS);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  try {
    await vi.waitFor(() => expect(probe.answered()).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 });
    loop.enable();
    await client.publish(topic(), payload);
    // With the embedded broker the PUBACK follows the commit; an external broker's does not.
    const rows = await vi.waitFor(
      async () => {
        const r = await quarantinedAfter(since);
        expect(r.length).toBeGreaterThan(0);
        return r;
      },
      { timeout: 30_000, interval: 50 },
    );
    // Probes keep coming after the message is handled: none was held back by it.
    const answered = probe.answered();
    await vi.waitFor(() => expect(probe.answered()).toBeGreaterThanOrEqual(answered + 2), {
      timeout: 10_000,
      interval: 20,
    });
    loop.disable();
    const times = await probe.stop();
    const goodAfter = await publishGood(12);
    await vi.waitFor(
      async () => {
        expect(await storedP(goodBefore)).toEqual([11]);
        expect(await storedP(goodAfter)).toEqual([12]);
      },
      { timeout: 10_000 },
    );
    return { rows, slowestProbeMs: Math.max(...times), loopMaxMs: loop.max / 1e6 };
  } finally {
    loop.disable();
    await probe.stop().catch(() => []);
  }
}

const payloadOf = (row: Row | undefined): Record<string, unknown> => JSON.parse(row?.payload ?? 'null');

/** A handful of the offending codes, each no longer than a code may be. */
function expectCodeSample(sample: unknown): void {
  const codes = Array.isArray(sample) ? sample : Object.keys(sample as object);
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.length).toBeLessThanOrEqual(5);
  for (const c of codes) expect(String(c)).toMatch(/^x\d{1,63}$/);
}

describe('a device sending more point codes than any model has', () => {
  it('is refused in one row per message while HTTP and its good data go on', async ({ annotate }) => {
    const perSample = ctx.env.INGEST_MAX_POINTS_PER_SAMPLE;
    const perMessage = ctx.env.INGEST_MAX_POINTS_PER_MESSAGE;
    const fullSamples = Math.floor(perMessage / perSample);
    const cases = [
      { name: '650,000 codes in one sample', samples: 1, codes: HOSTILE_CODES, reason: 'tooManyPoints' },
      { name: 'one code over the per-sample cap', samples: 1, codes: perSample + 1, reason: 'tooManyPoints' },
      {
        name: 'one sample over the per-message cap',
        samples: fullSamples + 1,
        codes: perSample,
        reason: 'tooManyPoints',
      },
      {
        name: 'as many unknown codes as the caps allow',
        samples: fullSamples,
        codes: perSample,
        reason: 'unknownPoint',
      },
    ];
    const figures: string[] = [];
    for (const c of cases) {
      const payload = unknownCodes(c.samples, c.codes);
      const bytes = payload.length;
      const before = telemetry.stats()?.quarantined;
      const { rows, slowestProbeMs, loopMaxMs } = await publishHostile(payload);
      figures.push(`${c.name} (${bytes} bytes): slowest probe ${slowestProbeMs.toFixed(0)} ms, loop ${loopMaxMs} ms`);
      const total = c.samples * c.codes;

      expect(
        rows.map((r) => r.reason),
        c.name,
      ).toEqual([c.reason]);
      const row = rows[0];
      const body = payloadOf(row);
      if (c.reason === 'tooManyPoints') {
        expect(body, c.name).toMatchObject({ codes: total, samples: c.samples });
        expect(row?.detail, c.name).toContain(String(total));
      } else {
        expect(body, c.name).toMatchObject({ values: total });
        expect(row?.detail, c.name).toContain(String(total));
      }
      expectCodeSample(body.sample);
      expect(row?.point_code, c.name).toBeNull();
      // The metric counts what it always counted: refused messages, or refused values.
      const after = telemetry.stats()?.quarantined;
      const added = c.reason === 'tooManyPoints' ? 1 : total;
      expect((after?.[c.reason as 'unknownPoint'] ?? 0) - (before?.[c.reason as 'unknownPoint'] ?? 0), c.name).toBe(
        added,
      );

      expect(slowestProbeMs, `${c.name}: slowest HTTP probe`).toBeLessThan(PROBE_LIMIT_MS);
      expect(loopMaxMs, `${c.name}: longest event loop hold`).toBeLessThan(LOOP_LIMIT_MS);
    }
    await annotate(figures.join('\n'));
  }, 180_000);
});
