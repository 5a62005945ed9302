/**
 * Live-push benchmark (issue 3): the time from a device's publish to the WebSocket message a
 * browser gets, while other devices load the ingest with background telemetry.
 *
 *   npm run bench:live -- --json [--seconds 30] [--background 20000] [--db pglite|postgres]
 *
 * The platform runs in this process exactly as on `npm start` (embedded broker, ingest,
 * live socket); the background load is a separate process (bench/ingest-load.ts) of 40
 * devices × 50 points at the rate that gives --background points/s. Five probe devices each publish
 * one value every 1.5 s (slower than the 1 s per-device coalescing, so each probe is sent at
 * once) and a WebSocket client speaking the browser's protocol (`/api/ws`: auth, subscribe)
 * times its arrival. Prints one JSON line with --json.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { topicOf } from '@ess/contract';
import { connectAsync } from 'mqtt';
import { buildApp } from '../apps/server/src/app';
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
    db: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const backgroundTarget = Number(args.background);
const dbKind = (args.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const say = (msg: string) => {
  if (!args.json) console.error(msg);
};
const LOAD_DEVICES = 40;
const POINTS = 50;
const PROBE_EVERY_MS = 1500;
/** Probe devices, staggered, so a 30 s run gives ~100 latency samples. */
const PROBES = 5;

const bench = await openBenchDatabase(dbKind, pgUrl);
const runId = randomBytes(3).toString('hex');
try {
  const env = inProcessEnv();
  await seedDatabase(bench.database.db, env, { info: () => {}, warn: () => {} });
  say(`setting up ${LOAD_DEVICES + PROBES} devices on ${bench.label}…`);
  const station = await createBenchStation(bench.database, LOAD_DEVICES + PROBES, POINTS);
  const app = await buildApp({ env, database: bench.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const mqttUrl = `mqtt://127.0.0.1:${app.telemetry?.broker?.port}`;
  await app.telemetry?.registry.reload();

  const probes = station.devices.slice(LOAD_DEVICES);
  const loadDevices = station.devices.slice(0, LOAD_DEVICES);
  const rate = backgroundTarget / (LOAD_DEVICES * POINTS);
  const configFile = path.join(tmpdir(), `ess-live-load-${runId}.json`);
  const load = startLoad(
    {
      url: mqttUrl,
      stationCode: station.code,
      devices: loadDevices.map((d) => ({ sn: d.sn, password: d.password })),
      codes: station.codes,
      seconds,
      inflight: 20,
      rate,
      resultFile: path.join(tmpdir(), `ess-live-acked-${runId}.json`),
    },
    configFile,
  );
  await nextJson<{ ready: boolean }>(load.lines);
  rmSync(configFile, { force: true });

  // The browser's side: sign in, open the socket, authenticate, subscribe to the station.
  const token = await signInAdmin(base);
  const stationId = (
    await bench.database.db.query.stations.findFirst({ where: (s, { eq }) => eq(s.code, station.code) })
  )?.id;
  // Publish time by (device, value).
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const ws = await openStationSocket(port, token, stationId, (m, at) => {
    if (m.type === 'latest') {
      const key = `${m.deviceId}:${m.values.v00?.value}`;
      const t0 = sent.get(key);
      if (t0 !== undefined) {
        latencies.push(at - t0);
        sent.delete(key);
      }
    }
  });

  const clients = await Promise.all(
    probes.map(async (p) => ({
      device: p,
      client: await connectAsync(mqttUrl, { clientId: p.sn, username: p.sn, password: p.password, reconnectPeriod: 0 }),
      topic: topicOf(station.code, p.sn, 'telemetry'),
    })),
  );
  say(`background ${backgroundTarget} points/s from ${LOAD_DEVICES} devices; probing for ${seconds} s…`);
  const stats = () => app.telemetry?.stats() as IngestStats;
  const s0 = stats();
  const t0 = performance.now();
  load.child.stdin?.write('go\n');
  let n = 0;
  const timers = clients.map((c, i) => {
    const publish = () => {
      n++;
      sent.set(`${c.device.id}:${n}`, performance.now());
      void c.client.publishAsync(c.topic, JSON.stringify({ ts: Date.now(), values: { v00: n } }), { qos: 1 });
    };
    // Staggered starts spread the probes over the interval.
    const start = setTimeout(
      () => {
        publish();
        timers.push(setInterval(publish, PROBE_EVERY_MS));
      },
      (i * PROBE_EVERY_MS) / clients.length,
    );
    return start;
  });
  const summary = await nextJson<LoadSummary>(load.lines);
  for (const t of timers) clearTimeout(t);
  const elapsedS = (performance.now() - t0) / 1000;
  const s1 = stats();
  await new Promise((r) => setTimeout(r, 1000));
  for (const c of clients) await c.client.endAsync();
  ws.close();
  await app.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted[sorted.length - 1] ?? Number.NaN),
    backgroundPointsPerSec: Math.round((s1.samples - s0.samples) / elapsedS),
    probes: n,
    probesReceived: latencies.length,
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
