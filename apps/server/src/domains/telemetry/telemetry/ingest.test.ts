import { topicOf } from '@ess/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceReadings } from '../../../kernel/telemetry-bus';
import { connectDevice, createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import { seededRandom } from '../../../test/seeded-random';
import { expectRollupsEqualRaw } from './rollups-vs-raw.kit';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestDevice, type TestStation } from './test-station.kit';

let ctx: TestContext;
let telemetry: TelemetryRuntime;
let st: TestStation;
let pcs1: TestDevice;
let pcs2: TestDevice;
const clients = new Map<string, MqttClient>();
const committed: DeviceReadings[] = [];
const external = Boolean(process.env.MQTT_URL);

/** Sample times: whole minutes two hours ago, so every test has its own timestamps. */
const base = Math.floor((Date.now() - 7_200_000) / 60_000) * 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  st = await createTestStation(ctx.database.db);
  await telemetry.registry.reload();
  telemetry.bus.on('committed', (r) => committed.push(...r));
  const [a, b] = st.pcs;
  if (!a || !b) throw new Error('fixture');
  pcs1 = a;
  pcs2 = b;
  for (const d of [a, b, st.meter]) clients.set(d.sn, await connectDevice(ctx, d.sn));
});

afterAll(async () => {
  await Promise.all([...clients.values()].map((c) => c.endAsync()));
  await ctx?.close();
});

async function publish(device: TestDevice, body: unknown): Promise<void> {
  const client = clients.get(device.sn);
  if (!client) throw new Error(`no client for ${device.sn}`);
  await client.publishAsync(topicOf(st.code, device.sn, 'telemetry'), JSON.stringify(body), { qos: 1 });
}

async function rows<T>(query: SQL): Promise<T[]> {
  return sqlRows<T>(ctx.database.db, query);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('telemetry ingest through MQTT', () => {
  it('stores raw, latest and roll-ups (before the PUBACK with the embedded broker), then emits committed', async () => {
    await publish(pcs1, { ts: base, values: { p: 100, q: 5 } });
    // With the embedded broker the PUBACK means committed: one look is enough.
    const check = async () => {
      const raw = await rows<{ code: string; value: number }>(
        sql`SELECT p.code, r.value FROM ts_raw r JOIN biz_point p ON p.id = r.point_id
            WHERE p.device_id = ${pcs1.id} AND r.ts = ${iso(base)}::timestamptz ORDER BY p.code`,
      );
      expect(raw).toEqual([
        { code: 'p', value: 100 },
        { code: 'q', value: 5 },
      ]);
    };
    if (external) await vi.waitFor(check, { timeout: 10_000 });
    else await check();
    const pid = pcs1.points.get('p');
    expect(
      await rows(sql`SELECT value, ts = ${iso(base)}::timestamptz AS at FROM ts_latest WHERE point_id = ${pid}`),
    ).toEqual([{ value: 100, at: true }]);
    expect(await rows(sql`SELECT count, sum, first, last FROM ts_15m WHERE point_id = ${pid}`)).toEqual([
      { count: 1, sum: 100, first: 100, last: 100 },
    ]);
    expect(await rows(sql`SELECT count, sum FROM ts_1d WHERE point_id = ${pid}`)).toEqual([{ count: 1, sum: 100 }]);
    await vi.waitFor(
      () => {
        const event = committed.find((c) => c.deviceId === pcs1.id);
        expect(event).toMatchObject({
          stationId: st.id,
          values: { p: { value: 100, ts: base }, q: { value: 5, ts: base } },
        });
      },
      { timeout: 10_000 },
    );
  });

  it('takes a gateway array and keeps the newest value as latest, whatever the order', async () => {
    const t = base + 60_000;
    await publish(pcs1, [
      { ts: t + 2000, values: { p: 12 } },
      { ts: t, values: { p: 10 } },
      { ts: t + 1000, values: { p: 11 } },
    ]);
    const pid = pcs1.points.get('p');
    await vi.waitFor(
      async () => expect(await rows(sql`SELECT value FROM ts_latest WHERE point_id = ${pid}`)).toEqual([{ value: 12 }]),
      { timeout: 10_000 },
    );
    // Older samples arriving later do not replace it.
    await publish(pcs1, { ts: t - 30_000, values: { p: 1 } });
    await vi.waitFor(
      async () =>
        expect(
          await rows(
            sql`SELECT count(*)::int AS n FROM ts_raw WHERE point_id = ${pid} AND ts = ${iso(t - 30_000)}::timestamptz`,
          ),
        ).toEqual([{ n: 1 }]),
      { timeout: 10_000 },
    );
    expect(await rows(sql`SELECT value FROM ts_latest WHERE point_id = ${pid}`)).toEqual([{ value: 12 }]);
  });

  it('ignores redelivered samples everywhere, roll-ups included', async () => {
    const t = base + 5 * 60_000;
    const msg = { ts: t, values: { p: 50, q: 7 } };
    const pid = pcs1.points.get('p');
    await publish(pcs1, msg);
    const snapshot = () =>
      rows(sql`SELECT
        (SELECT count(*)::int FROM ts_raw WHERE point_id = ${pid}) AS raw,
        (SELECT sum(count)::int FROM ts_15m WHERE point_id = ${pid}) AS c15,
        (SELECT sum(sum) FROM ts_15m WHERE point_id = ${pid}) AS s15,
        (SELECT sum(count)::int FROM ts_1d WHERE point_id = ${pid}) AS c1d`);
    const before = await vi.waitFor(
      async () => {
        const s = await snapshot();
        expect(s[0]).toMatchObject({ raw: 6 });
        return s;
      },
      { timeout: 10_000 },
    );
    const dupBefore = telemetry.stats()?.duplicates ?? 0;
    // Some time after: the server is back to the fast form for new batches.
    await new Promise((r) => setTimeout(r, 50));
    await publish(pcs1, msg);
    await publish(pcs1, [msg, msg]);
    await vi.waitFor(() => expect(telemetry.stats()?.duplicates).toBe(dupBefore + 6), { timeout: 10_000 });
    expect(await snapshot()).toEqual(before);
    // The fast form met the stored samples, rolled back, and the checked form ignored them.
    expect(telemetry.stats()?.conflicts).toBeGreaterThan(0);
  });

  it('stores a device time sent in two messages once each, whatever is resent', async () => {
    // A gateway that sends a device's points of one time in two messages, the second after the
    // first was stored: the second meets the stored row and is added beside it. (pcs1: the test
    // after the next moves its lane past the checked form again.)
    // 45 minutes from every other sample of pcs1: alone in its quarter-hour.
    const t = base - 45 * 60_000;
    const [p, q] = [pcs1.points.get('p'), pcs1.points.get('q')];
    const stored = () =>
      rows<{ point_id: number; value: number }>(
        sql`SELECT point_id, value FROM ts_raw WHERE point_id IN (${p}, ${q}) AND ts = ${iso(t)}::timestamptz
            ORDER BY point_id`,
      );
    const counts = () =>
      rows(sql`SELECT point_id, count, sum FROM ts_15m WHERE point_id IN (${p}, ${q}) AND bucket <= ${iso(t)}::timestamptz
               AND bucket > ${iso(t - 900_000)}::timestamptz ORDER BY point_id`);
    await publish(pcs1, { ts: t, values: { p: 21 } });
    await vi.waitFor(async () => expect(await stored()).toEqual([{ point_id: p, value: 21 }]), { timeout: 10_000 });
    await publish(pcs1, { ts: t, values: { q: 4 } });
    const both = [
      { point_id: p, value: 21 },
      { point_id: q, value: 4 },
    ];
    await vi.waitFor(async () => expect(await stored()).toEqual(both), { timeout: 10_000 });
    const rolled = await counts();
    expect(rolled).toEqual([
      { point_id: p, count: 1, sum: 21 },
      { point_id: q, count: 1, sum: 4 },
    ]);
    const dupBefore = telemetry.stats()?.duplicates ?? 0;
    await publish(pcs1, { ts: t, values: { p: 21, q: 4 } });
    await vi.waitFor(() => expect(telemetry.stats()?.duplicates).toBe(dupBefore + 2), { timeout: 10_000 });
    expect(await stored()).toEqual(both);
    expect(await counts()).toEqual(rolled);
    expect(
      await rows(sql`SELECT part, point_ids FROM ts_msg WHERE device_id = ${pcs1.id} AND ts = ${iso(t)}::timestamptz
                     ORDER BY part`),
    ).toEqual([
      { part: 0, point_ids: [p] },
      { part: 2, point_ids: [q] },
    ]);
  });

  it('computes virtual points (chained formulas) in the same commit', async () => {
    const t = base + 10 * 60_000;
    await publish(pcs1, { ts: t, values: { p: 300 } });
    await publish(pcs2, { ts: t, values: { p: -120 } });
    await publish(st.meter, { ts: t, values: { p: 500 } });
    const storage = st.virtual.points.get('storagePower');
    const net = st.virtual.points.get('net');
    await vi.waitFor(
      async () => {
        expect(await rows(sql`SELECT value FROM ts_latest WHERE point_id = ${storage}`)).toEqual([{ value: 180 }]);
        expect(await rows(sql`SELECT value FROM ts_latest WHERE point_id = ${net}`)).toEqual([{ value: 320 }]);
      },
      { timeout: 10_000 },
    );
    // Stored as samples with roll-ups like any point, at the newest input time (or just after).
    const [v] = await rows<{ n: number; newest: string }>(
      sql`SELECT count(*)::int AS n, max(ts) AS newest FROM ts_raw WHERE point_id = ${net}`,
    );
    expect(v?.n).toBeGreaterThan(0);
    expect(new Date(v?.newest ?? 0).getTime() - t).toBeLessThan(10);
    expect(await rows(sql`SELECT count(*)::int AS n FROM ts_15m WHERE point_id = ${net}`)).toEqual([{ n: 1 }]);
    expect(committed.some((c) => c.deviceId === st.virtual.id && c.values.net?.value === 320)).toBe(true);
  });

  it('keeps roll-ups equal to aggregates recomputed from raw samples (random data, two zones)', async () => {
    const other = await createTestStation(ctx.database.db, { pcs: 1, timezone: 'America/New_York' });
    await telemetry.registry.reload();
    const [otherPcs] = other.pcs;
    if (!otherPcs) throw new Error('fixture');
    const otherClient = await connectDevice(ctx, otherPcs.sn);
    // 400 samples a device over the last 40 hours (two local days in both zones), in random
    // order, values in quarter steps (sums exact); then some messages sent again.
    const rand = seededRandom(42);
    const start = Date.now() - 40 * 3_600_000;
    const samples = Array.from({ length: 400 }, () => ({
      ts: start + Math.floor(rand() * 40 * 3_600_000),
      values: { p: Math.round(rand() * 4000) / 4 - 500, udc: Math.round(rand() * 3000) / 4 },
    }));
    const chunks: (typeof samples)[] = [];
    for (let i = 0; i < samples.length; i += 37) chunks.push(samples.slice(i, i + 37));
    // After the redeliveries above the ingest writes checked for a while: move past that, so
    // the first pass below takes the fast form (COPY + aggregates computed by the server).
    const warm = pcs1.points.get('ia');
    for (let i = 0; i < 25; i++) {
      await publish(pcs1, { ts: base + 20 * 60_000 + i, values: { ia: i } });
      await vi.waitFor(
        async () =>
          expect(await rows(sql`SELECT count(*)::int AS n FROM ts_raw WHERE point_id = ${warm}`)).toEqual([
            { n: i + 1 },
          ]),
        { timeout: 10_000 },
      );
    }
    const conflicts = telemetry.stats()?.conflicts ?? 0;
    for (const chunk of chunks) {
      await publish(pcs2, chunk);
      await otherClient.publishAsync(topicOf(other.code, otherPcs.sn, 'telemetry'), JSON.stringify(chunk), { qos: 1 });
    }
    await vi.waitFor(
      async () =>
        expect(
          await rows(sql`SELECT count(DISTINCT ts)::int AS n FROM ts_raw WHERE point_id = ${otherPcs.points.get('p')}`),
        ).toEqual([{ n: new Set(samples.map((s) => s.ts)).size }]),
      { timeout: 10_000 },
    );
    expect(telemetry.stats()?.conflicts).toBe(conflicts);
    // Then some messages again: the checked form must leave the roll-ups as they are.
    for (const [i, chunk] of chunks.entries()) if (i % 3 === 0) await publish(pcs2, chunk);
    await vi.waitFor(() => expect(telemetry.stats()?.conflicts).toBeGreaterThan(conflicts), { timeout: 10_000 });
    await otherClient.endAsync();
    const ids = [pcs2.points.get('p'), pcs2.points.get('udc'), otherPcs.points.get('p'), otherPcs.points.get('udc')];
    await vi.waitFor(
      async () =>
        expect(
          await rows(sql`SELECT count(DISTINCT ts)::int AS n FROM ts_raw WHERE point_id = ${otherPcs.points.get('p')}`),
        ).toEqual([{ n: new Set(samples.map((s) => s.ts)).size }]),
      { timeout: 10_000 },
    );
    await expectRollupsEqualRaw(
      ctx.database.db,
      ids.map((id) => id ?? 0),
      { minQuarters: 100, minDays: 8, latest: false },
    );
  });
});
