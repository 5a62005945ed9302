/**
 * Two-instance benchmark (issue 15): server processes (main.ts) on one PostgreSQL database (fresh,
 * dropped afterwards) and Mosquitto (MQTT_URL, default mqtt://127.0.0.1:1883), one
 * shared-subscription group. Devices (bench/ingest-load.ts, open loop) publish 50-point
 * telemetry through the broker.
 *
 *   npm run bench:cluster -- --json [--devices 400] [--rate 1] [--points 50] [--seconds 30] [--after 15]
 *
 * 1. One instance alone for --seconds: its stored points/s (`singlePointsPerSec`).
 * 2. Instances A and B for --seconds: stored points/s (`pointsPerSec`) and, from five probe
 *    devices publishing a value every 1.5 s, the time until a browser socket on B gets a value
 *    that A ingested (`crossInstanceLiveP99Ms`; the instance that stores a value pushes it to its
 *    own socket first, the other learns it through the cluster relay). Then A is killed (SIGKILL)
 *    while the devices go on for --after seconds: `takeoverSeconds` is the time from the kill
 *    until every point published before it is stored (A's share waited in its sessions on the
 *    broker until B adopted them), `lostPoints` what the broker acknowledged to the devices and
 *    is not stored.
 * The instances take the rest of their configuration from the environment (e.g. RELAY=redis with
 * REDIS_URL for the live relay). The offered load must stay within what Mosquitto queues for a stopped session
 * (max_queued_messages, 1000 by default) during the takeover, or the broker itself drops it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { topicOf } from '@ess/contract';
import { connectAsync } from 'mqtt';
import { sysInstances } from '../apps/server/src/db/cluster-schema';
import { seedDatabase } from '../apps/server/src/db/seed';
import { loadEnv } from '../apps/server/src/env';
import { type InstanceProcess, startInstance } from '../apps/server/src/test/server-process';
import { BENCH_ADMIN_PASSWORD, openStationSocket, signInAdmin } from './bench-session';
import type { LoadConfig, LoadSummary } from './ingest-load';
import { countStored } from './ingest-loss';
import { createBenchStation, openBenchDatabase } from './ingest-setup';
import { nextJson, percentile, startLoad } from './load-process';
import { SMOKE, sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    devices: { type: 'string', default: sized('400', '10') },
    rate: { type: 'string', default: '1' },
    points: { type: 'string', default: sized('50', '5') },
    seconds: { type: 'string', default: sized('30', '4') },
    after: { type: 'string', default: sized('15', '3') },
  },
});
const deviceCount = Number(args.devices);
const rate = Number(args.rate);
const pointCount = Number(args.points);
const seconds = Number(args.seconds);
const after = Number(args.after);
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mqttUrl = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PROBES = 5;
const PROBE_EVERY_MS = 1500;
/** Stored rates are measured after this warm-up. */
const WARMUP_MS = SMOKE ? 1000 : 3000;
const say = (msg: string) => {
  if (!args.json) console.error(msg);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const bench = await openBenchDatabase('postgres', pgUrl);
const runId = randomBytes(3).toString('hex');
const instances: InstanceProcess[] = [];
try {
  const raw = bench.database.raw;
  if (raw.kind !== 'postgres') throw new Error('PostgreSQL expected');
  const { pool } = raw;
  const env = loadEnv({ ...process.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, DEMO_PASSWORD: 'bench-demo-1' });
  await seedDatabase(bench.database.db, env, { info: () => {}, warn: () => {} });
  say(`setting up ${deviceCount} + ${PROBES} devices × ${pointCount} points on ${bench.label}…`);
  const station = await createBenchStation(bench.database, deviceCount + PROBES, pointCount);
  const loadDevices = station.devices.slice(0, deviceCount);
  const probes = station.devices.slice(deviceCount);
  const stationId = (
    await bench.database.db.query.stations.findFirst({ where: (s, { eq }) => eq(s.code, station.code) })
  )?.id;
  const secret = randomBytes(32).toString('hex');
  const instance = async (id: string, group: string, expiryS: string) => {
    const p = await startInstance({
      DATABASE_URL: raw.url,
      MQTT_URL: mqttUrl,
      MQTT_CLIENT_ID: id,
      MQTT_SHARE_GROUP: group,
      MQTT_SESSION_EXPIRY_S: expiryS,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      DEMO_PASSWORD: 'bench-demo-1',
      LOGIN_KEY_SECRET: secret,
      LOGIN_RATE_PER_MINUTE: '1000',
    });
    instances.push(p);
    return p;
  };
  // A message is a row of ts_msg (part 0); its device is found by its first point.
  const firstPoints = loadDevices.map((d) => d.pointIds[0] ?? 0);
  /** Messages of the load devices stored, with sample times in [from, to) (epoch ms) when given. */
  const storedMessages = async (from = 0, to = 8.64e15): Promise<number> => {
    const { rows } = await pool.query<{ n: string }>(
      `SELECT count(*)::bigint AS n FROM ts_msg
       WHERE device_id IN (SELECT device_id FROM biz_point WHERE id = ANY($1::int[])) AND part = 0
         AND ts >= timestamptz 'epoch' + $2 * interval '1 millisecond'
         AND ts < timestamptz 'epoch' + $3 * interval '1 millisecond'`,
      [firstPoints, from, to],
    );
    return Number(rows[0]?.n ?? 0);
  };
  /** Stored points/s between the warm-up and the end of the window, timed at each count's middle. */
  const storedRate = async (startedAt: number, windowMs: number) => {
    await sleep(WARMUP_MS);
    const t1 = performance.now();
    const n1 = await storedMessages();
    const m1 = (t1 + performance.now()) / 2;
    await sleep(Math.max(0, startedAt + windowMs - performance.now()));
    const t2 = performance.now();
    const n2 = await storedMessages();
    const m2 = (t2 + performance.now()) / 2;
    return ((n2 - n1) * pointCount) / ((m2 - m1) / 1000);
  };
  /** Waits until nothing more is stored for 3 s (the broker's queues drained). */
  const drained = async () => {
    let last = -1;
    for (let quiet = 0; quiet < 3; ) {
      const n = await storedMessages();
      quiet = n === last ? quiet + 1 : 0;
      last = n;
      await sleep(1000);
    }
  };
  const load = async (phase: string, loadSeconds: number) => {
    const config: LoadConfig = {
      url: mqttUrl,
      stationCode: station.code,
      devices: loadDevices.map((d) => ({ sn: d.sn, password: d.password })),
      codes: station.codes,
      seconds: loadSeconds,
      inflight: 20,
      rate,
      resultFile: path.join(tmpdir(), `ess-cluster-acked-${runId}-${phase}.json`),
    };
    const file = path.join(tmpdir(), `ess-cluster-load-${runId}-${phase}.json`);
    const l = startLoad(config, file);
    await nextJson<{ ready: boolean }>(l.lines);
    rmSync(file, { force: true });
    return {
      go: () => l.child.stdin?.write('go\n'),
      /** The load's summary and what the broker acknowledged, once it ended; the points of those not stored. */
      end: async () => {
        const summary = await nextJson<LoadSummary>(l.lines);
        await drained();
        const acked = JSON.parse(readFileSync(config.resultFile, 'utf8')) as Record<string, number[]>;
        rmSync(config.resultFile, { force: true });
        const messages = Object.values(acked).reduce((n, list) => n + list.length, 0);
        const found = await countStored(bench.database, station.devices, acked);
        return { summary, ackedPoints: messages * pointCount, lostPoints: messages * pointCount - found };
      },
    };
  };

  // 1. One instance alone. Its sessions end with it (expiry 0): they must not queue the later phase.
  say(`one instance, ${deviceCount} devices × ${rate}/s × ${pointCount} points for ${seconds} s…`);
  const single = await instance(`ess-bench-${runId}-s`, `ess-bench-${runId}-s`, '0');
  const singleLoad = await load('single', seconds);
  singleLoad.go();
  const singlePointsPerSec = await storedRate(performance.now(), seconds * 1000);
  const singleEnd = await singleLoad.end();
  await single.stop('SIGTERM');

  // 2. Two instances, then A killed.
  say(`two instances for ${seconds} s, then A killed, ${after} s more…`);
  const group = `ess-bench-${runId}`;
  const [a, b] = await Promise.all([instance(`${group}-a`, group, '300'), instance(`${group}-b`, group, '300')]);
  const pairLoad = await load('pair', seconds + after);
  const token = await signInAdmin(`http://127.0.0.1:${b.port}`);
  /** Per probe value: publish time, arrival on A's socket, on B's. */
  const probeTimes = new Map<number, { sent: number; a?: number; b?: number }>();
  const onSocket = (side: 'a' | 'b') => (m: Parameters<Parameters<typeof openStationSocket>[3]>[0], at: number) => {
    if (m.type !== 'latest') return;
    const v = m.values.v00?.value;
    const t = v === undefined ? undefined : probeTimes.get(v);
    if (t && t[side] === undefined) t[side] = at;
  };
  const sockets = [
    await openStationSocket(a.port, token, stationId, onSocket('a')),
    await openStationSocket(b.port, token, stationId, onSocket('b')),
  ];
  const probeClients = await Promise.all(
    probes.map(async (p) => ({
      client: await connectAsync(mqttUrl, { clientId: p.sn, username: p.sn, password: p.password, reconnectPeriod: 0 }),
      topic: topicOf(station.code, p.sn, 'telemetry'),
    })),
  );
  let n = 0;
  const timers: NodeJS.Timeout[] = [];
  const started = performance.now();
  pairLoad.go();
  probeClients.forEach((c, i) => {
    const publish = () => {
      n++;
      probeTimes.set(n, { sent: performance.now() });
      void c.client.publishAsync(c.topic, JSON.stringify({ ts: Date.now(), values: { v00: n } }), { qos: 1 });
    };
    timers.push(
      setTimeout(
        () => {
          publish();
          timers.push(setInterval(publish, PROBE_EVERY_MS));
        },
        (i * PROBE_EVERY_MS) / probeClients.length,
      ),
    );
  });
  const pointsPerSec = await storedRate(started, seconds * 1000);
  for (const t of timers) clearTimeout(t);

  await a.stop('SIGKILL');
  const killedAt = Date.now();
  const killedPerf = performance.now();
  // What was published in the 30 s before the kill, stored over time: complete once B serves
  // A's sessions (A's share of it waits there).
  const beforeKill = () => storedMessages(killedAt - 30_000, killedAt);
  const progress: { at: number; n: number }[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      progress.push({ n: await beforeKill(), at: performance.now() });
      await sleep(250);
    }
  })();
  const pairEnd = await pairLoad.end();
  sampling = false;
  await sampler;
  const finalBeforeKill = await beforeKill();
  const complete = progress.find((p) => p.n >= finalBeforeKill);
  const adoption = (await bench.database.db.select().from(sysInstances)).find((r) => r.id === `${group}-a`);

  for (const s of sockets) s.close();
  await Promise.all(probeClients.map((c) => c.client.endAsync()));
  await b.stop('SIGTERM');

  // The slowest probe and when it was sent: a tail at the start (cold instances) reads differently from one mid-run.
  const slowest = [...probeTimes.values()]
    .filter((t) => t.a !== undefined && t.b !== undefined && t.a < t.b)
    .reduce<{ sent: number; b?: number } | null>(
      (m, t) => (m && (m.b ?? 0) - m.sent >= (t.b ?? 0) - t.sent ? m : t),
      null,
    );
  const cross = [...probeTimes.values()]
    .filter((t) => t.a !== undefined && t.b !== undefined && t.a < t.b)
    .map((t) => (t.b ?? 0) - t.sent)
    .sort((x, y) => x - y);
  const result = {
    pointsPerSec: Math.round(pointsPerSec),
    lostPoints: pairEnd.lostPoints,
    takeoverSeconds: complete ? Number(((complete.at - killedPerf) / 1000).toFixed(1)) : null,
    crossInstanceLiveP99Ms: Math.round(percentile(cross, 99)),
    singlePointsPerSec: Math.round(singlePointsPerSec),
    singleLostPoints: singleEnd.lostPoints,
    offeredPointsPerSec: deviceCount * rate * pointCount,
    adoptedAfterSeconds:
      adoption?.adoptedBy === `${group}-b` && adoption.adoptedTime
        ? Number(((adoption.adoptedTime.getTime() - killedAt) / 1000).toFixed(1))
        : null,
    crossInstanceLiveP50Ms: Math.round(percentile(cross, 50)),
    crossInstanceLiveMaxMs: slowest ? Math.round((slowest.b ?? 0) - slowest.sent) : null,
    slowestProbeSentAfterMs: slowest ? Math.round(slowest.sent - started) : null,
    crossInstanceProbes: cross.length,
    probes: n,
    ackedPoints: pairEnd.ackedPoints,
    messagesInTheLast30sBeforeKill: finalBeforeKill,
    devices: deviceCount,
    ratePerDevice: rate,
    pointsPerMessage: pointCount,
    seconds,
    afterKillSeconds: after,
    database: bench.label,
    broker: mqttUrl,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? '',
      loadavg: loadavg().map((x) => Number(x.toFixed(2))),
    },
  };
  console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
} finally {
  await Promise.all(instances.map((p) => p.stop('SIGKILL')));
  await bench.drop();
}
process.exit(0);
