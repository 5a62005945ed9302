/**
 * Cluster relay load (issue 15): how many devices' live values each RELAY transport carries
 * from one instance to another, and how late.
 *
 *   npm run bench:relay -- --json [--transport pg|redis|nats|all] [--devices 1000] [--points 50]
 *                          [--seconds 10]
 *
 * Two relays in this process, as two instances: A's bus gets `committed` batches of a fleet
 * where every device reports `--points` values once a second (a twentieth of the fleet every
 * 50 ms); B counts the device updates it is relayed and the age of each (wall clock from the
 * commit). Values of one device that wait for a slow flush are merged (newest wins), so
 * `deliveredUpdates` below `offeredUpdates` means the transport fell behind, not lost data.
 * PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); Redis
 * 127.0.0.1:6379 (REDIS_URL); NATS 127.0.0.1:4222 (NATS_URL). Prints one object per transport.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ClusterRelay } from '../apps/server/src/domains/telemetry/telemetry/cluster-relay';
import { type DeviceReadings, TelemetryBus } from '../apps/server/src/kernel/telemetry-bus';
import { NatsRelayTransport } from '../apps/server/src/lib/relay/nats-relay-transport';
import { PgRelayTransport } from '../apps/server/src/lib/relay/pg-relay-transport';
import { RedisRelayTransport } from '../apps/server/src/lib/relay/redis-relay-transport';
import type { RelayTransport } from '../apps/server/src/lib/relay/relay-transport';
import { sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    transport: { type: 'string', default: 'all' },
    devices: { type: 'string', default: sized('1000', '20') },
    points: { type: 'string', default: sized('50', '5') },
    seconds: { type: 'string', default: sized('10', '1') },
  },
});
const DEVICES = Number(args.devices);
const POINTS = Number(args.points);
const SECONDS = Number(args.seconds);
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const kinds =
  args.transport === 'all' ? (['pg', 'redis', 'nats'] as const) : [args.transport as 'pg' | 'redis' | 'nats'];
const log = { warn: (o: object, m: string) => console.warn(m, JSON.stringify(o).slice(0, 200)) };

async function run(kind: 'pg' | 'redis' | 'nats') {
  const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  const topic = `ess_relay_bench_${process.pid}`;
  const make = (): RelayTransport =>
    kind === 'pg'
      ? new PgRelayTransport({ url: pgUrl, pool, channel: topic, log })
      : kind === 'redis'
        ? new RedisRelayTransport({ url: redisUrl, channel: topic, log })
        : new NatsRelayTransport({ url: natsUrl, subject: topic, log });
  const busA = new TelemetryBus();
  const busB = new TelemetryBus();
  const a = new ClusterRelay({ transport: make(), bus: busA, log, onRemoteSeen: () => {} });
  const b = new ClusterRelay({ transport: make(), bus: busB, log, onRemoteSeen: () => {} });
  await a.start();
  await b.start();
  let delivered = 0;
  const ages: number[] = [];
  busB.on('relayedCommitted', (batch) => {
    delivered += batch.length;
    const now = Date.now();
    for (const r of batch) ages.push(now - (r.values.p0?.ts ?? now));
  });
  const t0 = Date.now();
  for (let tick = 0; tick < SECONDS * 20; tick++) {
    const now = Date.now();
    const batch: DeviceReadings[] = [];
    for (let d = tick % 20; d < DEVICES; d += 20) {
      const values: DeviceReadings['values'] = {};
      for (let p = 0; p < POINTS; p++) values[`p${p}`] = { value: Math.round(Math.random() * 1e6) / 1e3, ts: now };
      batch.push({ stationId: 1 + (d % 100), deviceId: d, values });
    }
    busA.emit('committed', batch);
    await new Promise((r) => setTimeout(r, Math.max(0, t0 + (tick + 1) * 50 - Date.now())));
  }
  await new Promise((r) => setTimeout(r, 3000));
  await a.close();
  await b.close();
  await pool.end();
  ages.sort((x, y) => x - y);
  const pct = (p: number) => ages[Math.min(ages.length - 1, Math.ceil(p * ages.length) - 1)] ?? null;
  return {
    transport: kind,
    devices: DEVICES,
    points: POINTS,
    seconds: SECONDS,
    offeredUpdates: DEVICES * SECONDS,
    deliveredUpdates: delivered,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    maxMs: ages.at(-1) ?? null,
    loadAvg1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  };
}

for (const kind of kinds) {
  const r = await run(kind);
  console.log(args.json ? JSON.stringify(r) : r);
}
