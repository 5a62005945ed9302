/**
 * Command round trip benchmark (issue 14): the time from issuing a command to the live `command`
 * message with state `success` a browser following the station receives, with 100 simulated
 * devices answering.
 *
 *   npm run bench:command -- --json [--commands 1000] [--http-commands 100] [--concurrency 5]
 *                               [--db pglite|postgres]
 *
 * The platform runs in this process as on `npm start` (embedded broker). Each device is an MQTT
 * client subscribed to its `cmd` topic that answers `success` at once on `cmd/ack`. `--concurrency`
 * users send commands at the same time, each to a device with none in flight (one per device
 * is the rule); a WebSocket client speaking the browser's protocol times each command's
 * `success`. The headline figures are the delivery round trip through the command service
 * (stored, published, acknowledged, settled, pushed); `http` repeats it through the fixed call,
 * whose re-entered password costs a scrypt check (tens to hundreds of ms by itself, by design).
 * Sealing the password is the browser's work and is done before timing. Prints
 * `{p50Ms, p99Ms, commandsPerSec, http: {…}, …}`.
 */
import { parseArgs } from 'node:util';
import { names, topicOf } from '@ess/contract';
import { inArray } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { buildApp } from '../apps/server/src/app';
import { devices, points } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/db/seed';
import { deviceLane } from '../apps/server/src/domains/control/command/command.service';
import { loadEnv } from '../apps/server/src/env';
import { BENCH_ADMIN_PASSWORD, openStationSocket, sealAdminPassword, signInAdmin } from './bench-session';
import { createBenchStation, openBenchDatabase } from './ingest-setup';
import { benchMachine } from './machine';
import { SMOKE, sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    commands: { type: 'string', default: sized('1000', '20') },
    concurrency: { type: 'string', default: '5' },
    'http-commands': { type: 'string', default: sized('100', '5') },
    devices: { type: 'string', default: sized('100', '5') },
    db: { type: 'string' },
  },
});
const total = Number(args.commands);
const concurrency = Number(args.concurrency);
const httpTotal = Number(args['http-commands']);
const deviceCount = Number(args.devices);
const dbKind = (args.db ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const say = (msg: string) => {
  if (!args.json) console.error(msg);
};
/** Commands before the timed ones (connections, caches); a smoke run only checks the path works. */
const WARMUP = SMOKE ? 2 : 20;

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);

const bench = await openBenchDatabase(dbKind, pgUrl);
try {
  const env = loadEnv({
    ...process.env,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    DEMO_PASSWORD: 'bench-demo-1',
    TELEMETRY: 'on',
    SIMULATOR: 'off',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    MQTT_URL: undefined,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_MINUTE: '100000',
  });
  await seedDatabase(bench.database.db, env, { info: () => {}, warn: () => {} });
  say(`setting up ${deviceCount} devices on ${bench.label}…`);
  const station = await createBenchStation(bench.database, deviceCount, 1);
  // Each device gets a power setpoint the commands set.
  await bench.database.db.insert(points).values(
    station.devices.map((d) => ({
      deviceId: d.id,
      code: 'pSet',
      names: names('有功功率设定', 'Power setpoint', 'Consigna de potencia', '出力設定'),
      unit: 'kW',
      kind: 'setpoint' as const,
      min: -1000,
      max: 1000,
    })),
  );
  // Devices that only answer commands (no telemetry) stay online: the status message says so and
  // no data is expected for a while.
  await bench.database.db
    .update(devices)
    .set({ reportIntervalS: 3600 })
    .where(
      inArray(
        devices.id,
        station.devices.map((d) => d.id),
      ),
    );
  const stationId = (
    await bench.database.db.query.stations.findFirst({ where: (s, { eq }) => eq(s.code, station.code) })
  )?.id;
  if (!stationId) throw new Error('no bench station');

  const app = await buildApp({ env, database: bench.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const mqttUrl = `mqtt://127.0.0.1:${app.telemetry?.broker?.port}`;

  say(`connecting ${deviceCount} answering devices…`);
  const clients: MqttClient[] = await Promise.all(
    station.devices.map(async (d) => {
      const client = await connectAsync(mqttUrl, {
        clientId: d.sn,
        username: d.sn,
        password: d.password,
        reconnectPeriod: 0,
      });
      const ack = topicOf(station.code, d.sn, 'cmd/ack');
      client.on('message', (_topic, buf) => {
        const cmd = JSON.parse(buf.toString()) as { id: string };
        void client.publishAsync(ack, JSON.stringify({ id: cmd.id, status: 'success' }), { qos: 1 });
      });
      await client.subscribeAsync(topicOf(station.code, d.sn, 'cmd'), { qos: 1 });
      await client.publishAsync(topicOf(station.code, d.sn, 'status'), JSON.stringify({ online: true }), { qos: 1 });
      return client;
    }),
  );
  const deadline = Date.now() + 30_000;
  while (!station.devices.every((d) => app.telemetry?.deviceOnline(d.id))) {
    if (Date.now() > deadline) throw new Error('devices did not come online');
    await new Promise((r) => setTimeout(r, 50));
  }

  const token = await signInAdmin(base);
  // When the socket saw each command succeed, and who waits for it.
  const succeeded = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  const ws = await openStationSocket(port, token, stationId, (m, at) => {
    if (m.type === 'command' && m.command.state === 'success') {
      const w = waiting.get(m.command.id);
      if (w) w(at);
      else succeeded.set(m.command.id, at);
    }
  });

  const admin = await bench.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'admin') });
  if (!admin) throw new Error('no admin');
  const byId = new Map(station.devices.map((d) => [d.id, d]));

  /** Sends one command to a free device; its id, or null when refused. */
  type Sender = (deviceId: number, value: number) => Promise<number | null>;
  // Through the command service (what plan curves and sequential control use, and what the
  // fixed call runs after the password check): stored, published, acknowledged, pushed.
  const viaService: Sender = async (deviceId, value) => {
    const d = byId.get(deviceId);
    if (!d) return null;
    const row = await app.commands.issue(
      {
        target: { stationId, stationCode: station.code, deviceId, sn: d.sn },
        origin: 'control',
        lane: deviceLane(deviceId),
        points: { pSet: value },
        issuedBy: admin.id,
      },
      'en_US',
    );
    return row.id;
  };
  // The fixed call with the re-entered password (sealed by the browser beforehand, outside the
  // timing; opening it and checking the scrypt hash are inside).
  const sealed: Awaited<ReturnType<typeof sealAdminPassword>>[] = [];
  const viaHttp: Sender = async (deviceId, value) => {
    const body = sealed.pop();
    if (!body) throw new Error('no sealed password left');
    const res = await fetch(`${base}/api/control/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ deviceId, pointCode: 'pSet', value, ...body }),
    });
    const answer = (await res.json()) as { code: number; msg: string; data: { id: number } | null };
    if (!answer.data && !args.json) console.error(`refused: ${answer.code} ${answer.msg}`);
    return answer.data?.id ?? null;
  };

  const free = station.devices.map((d) => d.id);
  /** Sends `count` commands, `concurrency` at a time, each to a device with none in flight. */
  const run = async (send: Sender, count: number) => {
    const latencies: number[] = [];
    let failures = 0;
    let left = count;
    let n = 0;
    const one = async () => {
      const deviceId = free.shift();
      if (deviceId === undefined) throw new Error('no free device');
      const t0 = performance.now();
      const id = await send(deviceId, (n++ % 200) - 100);
      if (id === null) {
        failures++;
        free.push(deviceId);
        return;
      }
      const at =
        succeeded.get(id) ??
        (await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`command ${id} not settled in 30 s`)), 30_000);
          waiting.set(id, (t) => {
            clearTimeout(timer);
            resolve(t);
          });
        }));
      succeeded.delete(id);
      waiting.delete(id);
      free.push(deviceId);
      latencies.push(at - t0);
    };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (left > 0) {
          left--;
          await one();
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      p50Ms: Math.round(percentile(sorted, 50)),
      p95Ms: Math.round(percentile(sorted, 95)),
      p99Ms: Math.round(percentile(sorted, 99)),
      maxMs: Math.round(sorted[sorted.length - 1] ?? Number.NaN),
      commandsPerSec: Math.round((latencies.length / elapsedS) * 10) / 10,
      n: latencies.length,
      failures,
    };
  };

  await run(viaService, WARMUP);
  say(`${total} commands through the command service, ${concurrency} at a time…`);
  const service = await run(viaService, total);
  say(`sealing ${httpTotal} passwords…`);
  for (let i = 0; i < httpTotal; i++) sealed.push(await sealAdminPassword(base));
  say(`${httpTotal} fixed calls with the re-entered password, ${concurrency} at a time…`);
  const http = httpTotal > 0 ? await run(viaHttp, httpTotal) : null;

  for (const c of clients) await c.endAsync();
  ws.close();
  await app.close();

  const result = {
    ...service,
    /** POST /api/control/command including the password check (scrypt), same round trip. */
    http,
    devices: deviceCount,
    concurrency,
    db: dbKind,
    database: bench.label,
    machine: benchMachine(),
  };
  console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
} finally {
  await bench.drop();
}
