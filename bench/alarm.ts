/**
 * Alarm benchmark (issue 12): the time from a device's publish of a value that meets an alarm rule
 * to the live `alarm` message a browser gets, under background telemetry; then an alarm storm.
 *
 *   npm run bench:alarm -- --json [--seconds 30] [--background 20000] [--storm 5000] [--db pglite|postgres]
 *
 * As bench/live.ts: the platform in this process as on `npm start`, the background load a separate
 * process (bench/ingest-load.ts, 40 devices × 50 points at the rate that gives --background
 * points/s). Five probe devices each have a rule `v00 > 50`; each publishes every 1.5 s, values
 * alternating over and under the limit, so every other publish raises an alarm (and the next
 * recovers it); a WebSocket client speaking the browser's protocol times the `alarm` message of
 * each raise. The storm: --storm rules (one per point of 100 more devices, `> 1000`), all met by
 * one message per device at once (as a station losing a feed would); `stormSeconds` is the time
 * from those publishes until every alarm is stored and the pushed unconfirmed count says so.
 * Prints `{p50Ms, p99Ms, stormAlarms, stormSeconds, …}` (one line with --json).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { topicOf } from '@ess/contract';
import { and, count, eq } from 'drizzle-orm';
import { connectAsync } from 'mqtt';
import { buildApp } from '../apps/server/src/app';
import { alarmDefinitions, alarmEvents } from '../apps/server/src/db/alarm-schema';
import { seedDatabase } from '../apps/server/src/db/seed';
import type { IngestStats } from '../apps/server/src/domains/telemetry/telemetry/ingest-stats';
import { inProcessEnv, openStationSocket, signInAdmin } from './bench-session';
import type { LoadSummary } from './ingest-load';
import { createBenchStation, openBenchDatabase } from './ingest-setup';
import { nextJson, percentile, startLoad } from './load-process';
import { benchMachine } from './machine';
import { sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    seconds: { type: 'string', default: sized('30', '2') },
    background: { type: 'string', default: sized('20000', '200') },
    storm: { type: 'string', default: sized('5000', '50') },
    db: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const backgroundTarget = Number(args.background);
const stormRules = Number(args.storm);
const dbKind = (args.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const say = (msg: string) => {
  if (!args.json) console.error(msg);
};
const LOAD_DEVICES = 40;
const POINTS = 50;
const PROBE_EVERY_MS = 1500;
const PROBES = 5;
const STORM_DEVICES = Math.ceil(stormRules / POINTS);
const LIMIT = 50;
const STORM_LIMIT = 1000;

const bench = await openBenchDatabase(dbKind, pgUrl);
const runId = randomBytes(3).toString('hex');
try {
  const env = inProcessEnv();
  await seedDatabase(bench.database.db, env, { info: () => {}, warn: () => {} });
  say(`setting up ${LOAD_DEVICES + PROBES + STORM_DEVICES} devices on ${bench.label}…`);
  const station = await createBenchStation(bench.database, LOAD_DEVICES + PROBES + STORM_DEVICES, POINTS);
  const loadDevices = station.devices.slice(0, LOAD_DEVICES);
  const probes = station.devices.slice(LOAD_DEVICES, LOAD_DEVICES + PROBES);
  const stormDevices = station.devices.slice(LOAD_DEVICES + PROBES);
  const rule = (name: string, deviceId: number, pointCode: string, threshold: number) => ({
    name,
    deviceId,
    pointCode,
    condition: 'gt' as const,
    threshold,
    holdSeconds: 0,
    deadband: 0,
    level: 2,
    content: '{device} {point} {value} > {limit}',
    enabled: true,
  });
  await bench.database.db.insert(alarmDefinitions).values(probes.map((p) => rule(`probe ${p.sn}`, p.id, 'v00', LIMIT)));
  const storm = stormDevices
    .flatMap((d) => station.codes.map((code) => rule(`storm ${d.sn} ${code}`, d.id, code, STORM_LIMIT)))
    .slice(0, stormRules);
  for (let i = 0; i < storm.length; i += 2_000) {
    await bench.database.db.insert(alarmDefinitions).values(storm.slice(i, i + 2_000));
  }
  const app = await buildApp({ env, database: bench.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const mqttUrl = `mqtt://127.0.0.1:${app.telemetry?.broker?.port}`;

  const rate = backgroundTarget / (LOAD_DEVICES * POINTS);
  const configFile = path.join(tmpdir(), `ess-alarm-load-${runId}.json`);
  const load = startLoad(
    {
      url: mqttUrl,
      stationCode: station.code,
      devices: loadDevices.map((d) => ({ sn: d.sn, password: d.password })),
      codes: station.codes,
      seconds,
      inflight: 20,
      rate,
      resultFile: path.join(tmpdir(), `ess-alarm-acked-${runId}.json`),
    },
    configFile,
  );
  await nextJson<{ ready: boolean }>(load.lines);
  rmSync(configFile, { force: true });

  const token = await signInAdmin(base);
  const stationId = (
    await bench.database.db.query.stations.findFirst({ where: (s, { eq }) => eq(s.code, station.code) })
  )?.id;
  // Publish times of the raising probe values, oldest first: each raised event answers the oldest.
  const raising: number[] = [];
  const latencies: number[] = [];
  let lastCount = 0;
  const ws = await openStationSocket(port, token, stationId, (m, at) => {
    if (m.type === 'alarm') {
      lastCount = m.count;
      if (m.change !== 'raised') return;
      for (const _ of m.eventIds) {
        const t0 = raising.shift();
        if (t0 !== undefined) latencies.push(at - t0);
      }
    }
  });

  const connect = (d: { sn: string; password: string }) =>
    connectAsync(mqttUrl, { clientId: d.sn, username: d.sn, password: d.password, reconnectPeriod: 0 });
  const clients = await Promise.all(
    probes.map(async (p) => ({ client: await connect(p), topic: topicOf(station.code, p.sn, 'telemetry') })),
  );
  say(`background ${backgroundTarget} points/s from ${LOAD_DEVICES} devices; probing for ${seconds} s…`);
  const stats = () => app.telemetry?.stats() as IngestStats;
  const s0 = stats();
  const t0 = performance.now();
  load.child.stdin?.write('go\n');
  let n = 0;
  const timers = clients.map((c, i) => {
    let over = false;
    const publish = () => {
      over = !over;
      n++;
      if (over) raising.push(performance.now());
      const v00 = over ? LIMIT + 10 + (n % 10) : LIMIT - 10;
      void c.client.publishAsync(c.topic, JSON.stringify({ ts: Date.now(), values: { v00 } }), { qos: 1 });
    };
    return setTimeout(
      () => {
        publish();
        timers.push(setInterval(publish, PROBE_EVERY_MS));
      },
      (i * PROBE_EVERY_MS) / clients.length,
    );
  });
  const summary = await nextJson<LoadSummary>(load.lines);
  for (const t of timers) clearTimeout(t);
  const elapsedS = (performance.now() - t0) / 1000;
  const s1 = stats();
  // The last probes' alarms arrive, then their recoveries: the storm starts from a quiet count.
  await new Promise((r) => setTimeout(r, 2000));
  const probeCount = lastCount;
  const probeRules =
    (
      await bench.database.db
        .select({ n: count() })
        .from(alarmEvents)
        .where(and(eq(alarmEvents.stationId, stationId ?? 0), eq(alarmEvents.kind, 'rule')))
    )[0]?.n ?? 0;

  say(`storm: ${storm.length} alarms from ${stormDevices.length} devices at once…`);
  const stormClients = await Promise.all(
    stormDevices.map(async (d) => ({ client: await connect(d), topic: topicOf(station.code, d.sn, 'telemetry') })),
  );
  const values = Object.fromEntries(station.codes.map((c) => [c, STORM_LIMIT * 2]));
  const stormStart = performance.now();
  await Promise.all(
    stormClients.map((c) => c.client.publishAsync(c.topic, JSON.stringify({ ts: Date.now(), values }), { qos: 1 })),
  );
  // Rule events stored (devices going quiet after the load may add offline alarms to the count).
  const ruleEvents = async () =>
    (
      await bench.database.db
        .select({ n: count() })
        .from(alarmEvents)
        .where(and(eq(alarmEvents.stationId, stationId ?? 0), eq(alarmEvents.kind, 'rule')))
    )[0]?.n ?? 0;
  const target = probeCount + storm.length;
  const deadline = stormStart + 120_000;
  let storedStorm = 0;
  while (performance.now() < deadline) {
    if (lastCount >= target) {
      storedStorm = (await ruleEvents()) - probeRules;
      if (storedStorm >= storm.length) break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const stormSeconds = (performance.now() - stormStart) / 1000;

  for (const c of [...clients, ...stormClients]) await c.client.endAsync();
  ws.close();
  await app.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted[sorted.length - 1] ?? Number.NaN),
    stormAlarms: storedStorm,
    stormSeconds: Number(stormSeconds.toFixed(2)),
    raises: latencies.length,
    backgroundPointsPerSec: Math.round((s1.samples - s0.samples) / elapsedS),
    backgroundP99AckMs: Math.round(summary.p99AckMs),
    db: dbKind,
    database: bench.label,
    seconds,
    machine: benchMachine(),
  };
  console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
} finally {
  await bench.drop();
}
