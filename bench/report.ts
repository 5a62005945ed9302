/**
 * Earnings statement benchmark (issue 24, "Done when"): a fleet of stations with a storage meter
 * each and a year of 15-minute counter roll-ups; each month's statement for the whole fleet
 * (StatementService, as POST /api/revenue/statement) and the PDF of the largest
 * (statementPdf + renderPdf, as the export). The stations are copies of the seeded JS-SZ01 (its
 * meter, points, meter role and tariff); the counters charge 5 kWh a quarter from 00:00 to 08:00
 * and discharge 5 kWh a quarter from 12:30 to 20:00, written by one INSERT … generate_series.
 *
 *   npm run bench:report -- --json [--stations 100] [--months 12]
 *
 * Prints `{stations, months, statementMs, pdfMs, pdfBytes, …}`: statementMs the slowest month
 * read as the platform keeps it (each ended day stored per period by the quarter-hourly job),
 * with the median beside it; firstReadMs the same months read once before anything was stored
 * (summed from the quarter-hours, storing on the way); storeJobMs the job's run for the fleet's
 * last week. Both reads must give the same statements. Goals statement ≤ 1 s, PDF ≤ 3 s.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { addDays, addMonths, localDayStart, type StatementResult } from '@ess/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { stationTouTemplates } from '../apps/server/src/db/rate-schema';
import { devices, meterRoles, points, stations } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/db/seed';
import { StatementService, statementPdf } from '../apps/server/src/domains/money/statement';
import { EnergyService, STORED_DAYS_BACK } from '../apps/server/src/domains/monitoring/energy';
import { rebuildDaysFromQuarters } from '../apps/server/src/domains/stations/point/rollups-from-raw.kit';
import { loadEnv } from '../apps/server/src/env';
import { renderPdf } from '../apps/server/src/lib/pdf';
import { BENCH_ADMIN } from './bench-admin';
import { benchDatabase } from './bench-database';
import { sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    stations: { type: 'string', default: sized('100', '3') },
    months: { type: 'string', default: sized('12', '1') },
  },
});
const FLEET = Math.max(1, Number(args.stations));
const MONTHS = Math.max(1, Number(args.months));
const FIRST_MONTH = '2025-01';
const TZ = 'Asia/Shanghai';
const TEMPLATE = 'JS-SZ01';
const say = (msg: string) => {
  if (!args.json) console.error(msg);
};
const round = (v: number, d = 0) => Math.round(v * 10 ** d) / 10 ** d;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const admin = BENCH_ADMIN;

const { database, drop } = await benchDatabase('report');
try {
  const db = database.db;
  await seedDatabase(db, loadEnv(), { info: () => {}, warn: () => {} });
  const [source] = await db.select().from(stations).where(eq(stations.code, TEMPLATE));
  if (!source) throw new Error(`${TEMPLATE} is not seeded`);
  const [role] = await db.select().from(meterRoles).where(eq(meterRoles.stationId, source.id));
  const meterPoints = role ? await db.select().from(points).where(eq(points.deviceId, role.deviceId)) : [];
  const [meter] = role ? await db.select().from(devices).where(eq(devices.id, role.deviceId)) : [];
  const tariff = await db.select().from(stationTouTemplates).where(eq(stationTouTemplates.stationId, source.id));
  if (!role || !meter) throw new Error(`${TEMPLATE} has no storage meter`);

  // The fleet: the source station and copies of it with their own meter.
  const ids = [source.id];
  for (let k = 1; k < FLEET; k++) {
    const { id: _s, ...station } = source;
    const [copy] = await db
      .insert(stations)
      .values({ ...station, code: `BENCH-${k}`, name: `${source.name} ${k}` })
      .returning({ id: stations.id });
    if (!copy) throw new Error('no station');
    const { id: _d, ...device } = meter;
    const [dev] = await db
      .insert(devices)
      .values({ ...device, stationId: copy.id, sn: `BENCH-${k}-MTR-ES` })
      .returning({ id: devices.id });
    if (!dev) throw new Error('no device');
    await db.insert(points).values(meterPoints.map(({ id: _p, ...p }) => ({ ...p, deviceId: dev.id })));
    await db.insert(meterRoles).values({ stationId: copy.id, role: 'storage', deviceId: dev.id });
    await db.insert(stationTouTemplates).values(tariff.map(({ id: _t, ...t }) => ({ ...t, stationId: copy.id })));
    ids.push(copy.id);
  }
  const roles = await db.select().from(meterRoles).where(inArray(meterRoles.stationId, ids));
  const counters = await db
    .select({ id: points.id, code: points.code })
    .from(points)
    .where(
      inArray(
        points.deviceId,
        roles.filter((r) => r.role === 'storage').map((r) => r.deviceId),
      ),
    );
  const reverse = counters.filter((p) => p.code === 'reverseEnergy').map((p) => p.id);
  const forward = counters.filter((p) => p.code === 'forwardEnergy').map((p) => p.id);

  // A year of quarters per counter in one statement each: reading n is a closed form of the day
  // and the quarter, so the quarters' differences are the charge and discharge pattern.
  const from = localDayStart(`${FIRST_MONTH}-01`, TZ);
  const to = localDayStart(addMonths(`${FIRST_MONTH}-01`, MONTHS), TZ);
  const quarters = (to - from) / 900_000;
  const loadStart = performance.now();
  const fill = (pointIds: number[], reading: (d: string, q: string) => string) =>
    db.execute(sql`
      INSERT INTO ts_15m (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
      SELECT p, to_timestamp(${from / 1000} + n * 900), r0, r1, r0 + r1, 2, r0,
             to_timestamp(${from / 1000} + n * 900 + 10), r1, to_timestamp(${from / 1000} + n * 900 + 890)
      FROM unnest(${`{${pointIds.join(',')}}`}::int[]) AS p,
           generate_series(0, ${quarters - 1}) AS n,
           LATERAL (SELECT n / 96 AS d, n % 96 AS q, (n + 1) / 96 AS d1, (n + 1) % 96 AS q1) AS k,
           LATERAL (SELECT ${sql.raw(reading('d', 'q'))} AS r0, ${sql.raw(reading('d1', 'q1'))} AS r1) AS v`);
  await fill(reverse, (d, q) => `1000 + ${d} * 160 + LEAST(${q}, 32) * 5`);
  await fill(forward, (d, q) => `2000 + ${d} * 150 + GREATEST(0, LEAST(${q}, 80) - 50) * 5`);
  // The roller's daily roll-ups of the same quarters (what vouches for a stored day).
  await rebuildDaysFromQuarters(db, [...reverse, ...forward], TZ);
  const loadMs = performance.now() - loadStart;
  say(
    `${FLEET} stations × ${MONTHS} months: ${(reverse.length + forward.length) * quarters} quarters in ${round(loadMs)} ms`,
  );

  const energy = new EnergyService(db);
  const service = new StatementService(db, energy);
  const monthOf = (m: number) => addMonths(`${FIRST_MONTH}-01`, m).slice(0, 7);
  /** Each month's statement of the fleet, timed. */
  const pass = async (label: string) => {
    const ms: number[] = [];
    const results: StatementResult[] = [];
    for (let m = 0; m < MONTHS; m++) {
      const t = performance.now();
      const result = await service.statement(admin, { stationIds: ids, month: monthOf(m) });
      ms.push(performance.now() - t);
      if (result.rows.some((r) => r.dischargeKwh === 0)) throw new Error(`${monthOf(m)}: a station without energy`);
      results.push(result);
      say(`${label} ${monthOf(m)}: ${round(ms.at(-1) ?? 0)} ms, revenue ${result.total.revenue}`);
    }
    return { ms, results };
  };
  // First reads: nothing stored yet (a database upgraded from before the stored days), each
  // month summed from its quarter-hours and its ended days stored on the way.
  const first = await pass('first read');
  // Then as the platform runs: the quarter-hourly job has stored each day as it ended.
  const stored = await pass('stored days');
  for (const [m, r] of stored.results.entries()) {
    if (JSON.stringify(r) !== JSON.stringify(first.results[m])) throw new Error(`${monthOf(m)}: stored days differ`);
  }
  const perMonth = stored.ms;
  let largest: { result: StatementResult; month: string } | null = null;
  for (const [m, result] of stored.results.entries()) {
    if (!largest || result.rows.length > largest.result.rows.length) largest = { result, month: monthOf(m) };
  }
  // The job's run for the fleet's last week, with none of it stored.
  const end = addMonths(`${FIRST_MONTH}-01`, MONTHS);
  await db.execute(sql`delete from energy_period_day where day >= ${addDays(end, -STORED_DAYS_BACK)}::date`);
  const jobStart = performance.now();
  await energy.storeEndedDays(localDayStart(end, TZ) + 3_600_000);
  const storeJobMs = performance.now() - jobStart;
  if (!largest) throw new Error('no statement');
  const pdfStart = performance.now();
  const pdf = await renderPdf(statementPdf(largest.result, largest.month, 'zh_CN', Date.now()));
  const pdfMs = performance.now() - pdfStart;

  const result = {
    stations: FLEET,
    months: MONTHS,
    statementMs: round(Math.max(...perMonth)),
    statementMedianMs: round(median(perMonth)),
    firstReadMs: round(Math.max(...first.ms)),
    firstReadMedianMs: round(median(first.ms)),
    storeJobMs: round(storeJobMs),
    pdfMs: round(pdfMs),
    pdfBytes: pdf.length,
    quartersLoaded: (reverse.length + forward.length) * quarters,
    loadMs: round(loadMs),
    database: database.kind,
    goals: { statementMs: 1000, pdfMs: 3000 },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? '',
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAvg1m: round(loadavg()[0] ?? 0, 1),
    },
  };
  console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
} finally {
  await database.close();
  await drop();
}
