import { performance } from 'node:perf_hooks';
import { names } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { devices, orgs, points, stations } from '../apps/server/src/db/schema';
import { intArray, tstz } from '../apps/server/src/domains/stations/device/query-rows';
import { rawBuckets } from '../apps/server/src/domains/stations/point/curve.repository';
import { DAY_MS } from '../apps/server/src/domains/stations/point/curve-plan';
import { PointCurveService } from '../apps/server/src/domains/stations/point/point-curve.service';
import { rebuildDaysFromQuarters } from '../apps/server/src/domains/stations/point/rollups-from-raw.kit';
import { ensureRawPartitions } from '../apps/server/src/domains/telemetry/telemetry/raw-samples.kit';
import { BENCH_ADMIN } from './bench-admin';
import { benchDatabase } from './bench-database';
import { SMOKE } from './smoke';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : Number.NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const json = args.includes('--json');
const DAYS = flag('days', SMOKE ? 1 : 365);
const RUNS = flag('runs', SMOKE ? 3 : 40);
const RAW_RUNS = Math.max(5, Math.round(RUNS / 4));
const POINTS = 50;
const TZ = 'Asia/Shanghai';
const log = (msg: string) => process.stderr.write(`${msg}\n`);

/** One station, one cabinet with 50 points: 48 measurements and 2 energy counters. */
async function createDevice(database: Database) {
  const db = database.db;
  const [org] = await db.insert(orgs).values({ name: 'Bench', code: 'BENCH' }).returning({ id: orgs.id });
  const [station] = await db
    .insert(stations)
    .values({
      code: 'BENCH-01',
      name: 'Bench station',
      provinceCode: '32',
      ratedPowerKw: 100,
      capacityKwh: 215,
      type: 'operating',
      longitude: 120.7,
      latitude: 31.3,
      timezone: TZ,
      orgId: org?.id ?? 0,
    })
    .returning({ id: stations.id });
  const [device] = await db
    .insert(devices)
    .values({ stationId: station?.id ?? 0, type: 'cabinet', name: 'CAB-01', sn: 'BENCH-01-CAB-01' })
    .returning({ id: devices.id });
  const deviceId = device?.id ?? 0;
  const rows = await db
    .insert(points)
    .values(
      Array.from({ length: POINTS }, (_, i) => ({
        deviceId,
        code: `p${i}`,
        names: names(`测点${i}`, `Point ${i}`, `Punto ${i}`, `測定点${i}`),
        unit: i < POINTS - 2 ? 'kW' : 'kWh',
        kind: 'telemetry' as const,
        counter: i >= POINTS - 2,
        sort: i + 1,
      })),
    )
    .returning({ id: points.id, code: points.code });
  return { deviceId, ids: rows.map((r) => r.id), codes: rows.map((r) => r.code) };
}

/**
 * A year of 1-minute samples, one UTC day per statement: a daily wave with noise for the
 * measurements, steadily rising counters for the last two points.
 */
async function load(database: Database, deviceId: number, ids: number[], from: number): Promise<void> {
  const db = database.db;
  const counters = intArray(ids.slice(-2));
  const started = performance.now();
  await ensureRawPartitions(db, from, from + DAYS * DAY_MS - 1);
  for (let d = 0; d < DAYS; d++) {
    const start = from + d * DAY_MS;
    const end = start + DAY_MS;
    // A row a minute of the device's points, as the ingest stores a message.
    await db.execute(sql`
      insert into ts_msg (device_id, ts, part, point_ids, "values")
      select ${deviceId}, t, 0, ${intArray(ids)}, array(
        select case when p.id = any(${counters})
          then extract(epoch from t - ${tstz(from)}) / 60 * 0.8 + p.id
          else 100 * sin(extract(epoch from t) / 13751 + p.id) + random() * 5 end
        from unnest(${intArray(ids)}) with ordinality as p(id, n) order by p.n)
      from generate_series(${tstz(start)}, ${tstz(end - 60_000)}, interval '1 minute') as t`);
    // The day's 15-minute roll-ups from its raw rows, as the ingest keeps them.
    await db.execute(sql`
      insert into ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      select point_id, date_bin('15 minutes', ts, timestamptz '1970-01-01 00:00:00+00'),
        min(value), max(value), sum(value), count(*)::int,
        (min(array[date_part('epoch', ts), value]))[2], min(ts),
        (max(array[date_part('epoch', ts), value]))[2], max(ts)
      from ts_raw where ts >= ${tstz(start)} and ts < ${tstz(end)}
      group by 1, 2`);
    if ((d + 1) % 30 === 0 || d === DAYS - 1) {
      const s = (performance.now() - started) / 1000;
      log(`  ${d + 1}/${DAYS} days, ${((d + 1) * 1440 * POINTS) / 1e6} M rows, ${s.toFixed(0)} s`);
    }
  }
  await rebuildDaysFromQuarters(db, ids, TZ);
  await db.execute(sql`
    insert into ts_latest (point_id, ts, value)
    select distinct on (point_id) point_id, ts, value from ts_raw
    where point_id = any(${intArray(ids)}) and ts >= ${tstz(from + (DAYS - 1) * DAY_MS)}
    order by point_id, ts desc`);
  await db.execute(sql`analyze`);
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};
const round = (v: number) => Math.round(v * 10) / 10;

async function main(): Promise<void> {
  const { database, drop } = await benchDatabase('history');
  try {
    log(`history bench on ${database.kind}: ${POINTS} points × ${DAYS} days of 1-minute samples`);
    const { deviceId, ids, codes } = await createDevice(database);
    const to = Date.UTC(2025, 0, 1);
    const from = to - DAYS * DAY_MS;
    await load(database, deviceId, ids, from);

    const curves = new PointCurveService(database.db);
    const admin = BENCH_ADMIN;
    let maxBuckets = 0;
    const time = async (pointCodes: string[]): Promise<number> => {
      const t = performance.now();
      const r = await curves.pointCurve(admin, { deviceId, points: pointCodes, from, to }, 'en_US');
      const ms = performance.now() - t;
      for (const s of r.series) maxBuckets = Math.max(maxBuckets, s.data.length);
      return ms;
    };
    // Warm-up calls (plan caches, first reads); none in a smoke run, whose figures mean nothing.
    for (let i = 0; i < (SMOKE ? 0 : 3); i++) await time(codes);
    const one: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      one.push(await time([codes[i % POINTS] ?? 'p0']));
      all.push(await time(codes));
    }
    // The same query (daily buckets of the year, local days) over the raw rows.
    const raw: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) {
      const t = performance.now();
      await rawBuckets(database.db, [ids[i % POINTS] ?? 0], from, to, DAY_MS, TZ);
      raw.push(performance.now() - t);
    }
    const result = {
      p50Ms1Point: round(quantile(one, 0.5)),
      p95Ms1Point: round(quantile(one, 0.95)),
      p50Ms50Points: round(quantile(all, 0.5)),
      p95Ms50Points: round(quantile(all, 0.95)),
      rawP95Ms1Point: round(quantile(raw, 0.95)),
      maxBuckets,
    };
    if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      log(`1 point:   p50 ${result.p50Ms1Point} ms, p95 ${result.p95Ms1Point} ms (${RUNS} runs)`);
      log(`50 points: p50 ${result.p50Ms50Points} ms, p95 ${result.p95Ms50Points} ms`);
      log(`raw rows, 1 point: p95 ${result.rawP95Ms1Point} ms (${RAW_RUNS} runs)`);
      log(`largest series: ${result.maxBuckets} buckets`);
    }
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
