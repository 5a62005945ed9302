import { setTimeout as sleep } from 'node:timers/promises';
import { topicOf } from '@ess/contract';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import { COUNT_PENDING } from './ingest-sql';
import { PgWriterSession } from './pg-writer-session';
import { RollupRoller } from './rollup-roller';
import { expectRollupsEqualRaw as expectRollupsVsRaw } from './rollups-vs-raw.kit';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestDevice, type TestStation } from './test-station.kit';

/**
 * Large batches leave their samples in ts_rollup_samples; the roller merges them. Every
 * batch here with 40 or more (point, quarter-hour) aggregates takes that path, and the app's
 * own roller waits a minute between rolls, so the tests decide when deltas are rolled.
 */
let ctx: TestContext;
let telemetry: TelemetryRuntime;
let home: TestStation;
let away: TestStation;
type Target = { station: TestStation; device: TestDevice };
let devices: Target[];
/** Another station's devices, for the rollers running side by side. */
let others: Target[];
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  ctx = await createTestApp({ ROLLUP_INLINE_ROWS: '40', ROLLUP_INTERVAL_MS: '60000', ROLLUP_MIN_INTERVAL_MS: '60000' });
  if (!ctx.app.telemetry) throw new Error('telemetry off');
  telemetry = ctx.app.telemetry;
  home = await createTestStation(ctx.database.db, { pcs: 2 });
  away = await createTestStation(ctx.database.db, { pcs: 1, timezone: 'America/New_York' });
  await telemetry.registry.reload();
  devices = [...home.pcs.map((device) => ({ station: home, device })), { station: away, device: away.pcs[0] }].flatMap(
    (d) => (d.device ? [{ station: d.station, device: d.device }] : []),
  );
  const busy = await createTestStation(ctx.database.db, { pcs: 3, timezone: 'Europe/Berlin' });
  await telemetry.registry.reload();
  others = busy.pcs.map((device) => ({ station: busy, device }));
});

afterAll(async () => {
  await ctx?.close();
});

const rows = <T>(query: SQL) => sqlRows<T>(ctx.database.db, query);

type Sample = { ts: number; values: { p: number; udc: number } };

/** Deterministic samples spread over `hours` before now, values in quarter steps (sums exact). */
function samples(seed: number, n: number, hours: number): Sample[] {
  let s = seed;
  const rand = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const end = Date.now() - 60_000;
  return Array.from({ length: n }, () => ({
    ts: end - Math.floor(rand() * hours * 3_600_000),
    values: { p: Math.round(rand() * 4000) / 4 - 500, udc: Math.round(rand() * 3000) / 4 },
  }));
}

/** One message through the real ingest; resolves once committed (the PUBACK moment). */
const send = (d: Target, body: Sample[]) =>
  telemetry.receive(topicOf(d.station.code, d.device.sn, 'telemetry'), Buffer.from(JSON.stringify(body)));

const pointIds = (targets: Target[]) =>
  targets.flatMap(({ device }) => [device.points.get('p') ?? 0, device.points.get('udc') ?? 0]);

/** ts_15m, ts_1d and ts_latest of these devices' points equal what their raw rows give. */
const expectRollupsEqualRaw = (targets: Target[]) =>
  expectRollupsVsRaw(ctx.database.db, pointIds(targets), { minQuarters: 100, minDays: 12, latest: true });

const pending = async () => (await rows<{ n: number }>(sql.raw(COUNT_PENDING)))[0]?.n;

describe('roll-up deltas and the roller', () => {
  it.skipIf(!onPostgres)(
    'two rollers on one database, rolling while batches commit, never count a delta twice',
    { timeout: 60_000 },
    async () => {
      const raw = ctx.database.raw;
      if (raw.kind !== 'postgres') throw new Error('PostgreSQL only');
      const pools = [
        new pg.Pool({ connectionString: raw.url, max: 2 }),
        new pg.Pool({ connectionString: raw.url, max: 2 }),
      ];
      const log = { info: () => {}, warn: () => {} };
      const sessions = pools.map((pool) => new PgWriterSession(pool));
      const rollers = sessions.map(
        (session) =>
          new RollupRoller(session, () => telemetry.registry.snapshot, { intervalMs: 1, minIntervalMs: 1 }, log),
      );
      try {
        // Batches from every device at once (both writer lanes) while both rollers roll all the time.
        let writing = true;
        const hammer = (async () => {
          while (writing) {
            for (const r of rollers) r.kick();
            await sleep(2);
          }
        })();
        const batches: Promise<void>[] = [];
        for (let k = 0; k < 12; k++) {
          for (const [i, d] of others.entries()) batches.push(send(d, samples(1000 + 10 * i + k, 50, 30)));
          await sleep(15);
        }
        await Promise.all(batches);
        writing = false;
        await hammer;
        await Promise.all(rollers.map((r) => r.settle()));
        await telemetry.settleRollups();
        expect(await pending()).toBe(0);
        for (const r of rollers) expect(r.rolls).toBeGreaterThan(0);
        // Both took deltas: they really ran side by side.
        expect(rollers.filter((r) => r.taken > 0).length).toBe(2);
        await expectRollupsEqualRaw(others);
      } finally {
        for (const r of rollers) await r.close(Date.now() + 5000);
        for (const session of sessions) await session.close();
        await Promise.all(pools.map((p) => p.end()));
      }
    },
  );

  it('defers a large batch’s roll-ups, rolls them once, and ignores redelivered samples', async () => {
    const sent: Sample[][] = [];
    for (const [i, d] of devices.entries()) {
      for (let k = 0; k < 4; k++) {
        const body = samples(100 * i + k + 1, 60, 40);
        sent.push(body);
        await send(d, body);
      }
    }
    // Committed with their deltas, not merged yet (the first test, if it ran, settled its own).
    expect(await pending()).toBeGreaterThan(0);
    const ids = sql.join(
      pointIds(devices).map((i) => sql`${i}`),
      sql`, `,
    );
    const counted = async () =>
      (
        await rows<{ n: number }>(
          sql`SELECT (SELECT coalesce(sum(count), 0) FROM ts_15m WHERE point_id IN (${ids}))::int AS n`,
        )
      )[0]?.n;
    expect(await counted()).toBe(0);
    // A small batch while deltas are pending leaves its own too: merging them at once would wait
    // for a running roll's locks on the same roll-up rows (and its acknowledgement with it).
    const first = devices[0];
    if (!first) throw new Error('fixture');
    const before = (await pending()) ?? 0;
    await send(first, [{ ts: Date.now() - 30_000, values: { p: 1, udc: 2 } }]);
    expect(await counted()).toBe(0);
    expect(await pending()).toBeGreaterThan(before);

    await telemetry.settleRollups();
    expect(await pending()).toBe(0);
    await expectRollupsEqualRaw(devices);
    // With nothing pending a small batch merges at once (the inline form); either way its
    // samples count exactly once.
    const settled = (await counted()) ?? 0;
    await send(first, [{ ts: Date.now() - 20_000, values: { p: 3, udc: 4 } }]);
    await vi.waitFor(async () => expect(await counted()).toBe(settled + 2), { timeout: 10_000 });
    await telemetry.settleRollups();
    await expectRollupsEqualRaw(devices);

    // Redelivered (the fast form meets stored samples: the checked form ignores them).
    const conflicts = telemetry.stats()?.conflicts ?? 0;
    for (const [i, d] of devices.entries()) await send(d, sent[4 * i] ?? []);
    expect(telemetry.stats()?.conflicts).toBeGreaterThan(conflicts);
    await telemetry.settleRollups();
    await expectRollupsEqualRaw(devices);
    expect(telemetry.stats()?.rolls).toBeGreaterThan(0);
  });

  it('rolls the deltas an older version left in ts_rollup_pending with the samples of this one', async () => {
    // A rolling upgrade: an instance of the previous version stored a sample and its delta row
    // (per point and quarter-hour aggregates) while this version's batches leave sample arrays.
    const target = devices[1];
    if (!target) throw new Error('fixture');
    const pointId = target.device.points.get('p') ?? 0;
    const ts = new Date(Math.floor((Date.now() - 45_000) / 1000) * 1000);
    await rows(
      sql`INSERT INTO ts_msg SELECT device_id, ${ts}, 0, ARRAY[id], ARRAY[12.5] FROM biz_point WHERE id = ${pointId}`,
    );
    await rows(sql`
      INSERT INTO ts_rollup_pending (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      VALUES (${pointId}, date_bin('15 minutes', ${ts}::timestamptz, timestamptz '1970-01-01 00:00:00+00'),
        12.5, 12.5, 12.5, 1, 12.5, ${ts}, 12.5, ${ts})`);
    // And a batch of this version: its sample with its row of arrays, in the same quarter-hour.
    const later = new Date(ts.getTime() + 1000);
    await rows(
      sql`INSERT INTO ts_msg SELECT device_id, ${later}, 0, ARRAY[id], ARRAY[7.25] FROM biz_point WHERE id = ${pointId}`,
    );
    await rows(sql`INSERT INTO ts_rollup_samples (point_ids, ts, "values")
      VALUES (ARRAY[${pointId}]::int[], ARRAY[${later}::timestamptz], ARRAY[7.25]::float8[])`);
    expect(await pending()).toBe(2);
    await telemetry.settleRollups();
    expect(await pending()).toBe(0);
    await expectRollupsEqualRaw(devices);
  });
});
