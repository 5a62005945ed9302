import { randomBytes } from 'node:crypto';
import type { CommandRow, SequenceRun } from '@ess/contract';
import { connect } from 'nats';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CommandChange,
  type DeviceReadings,
  type RelayedLive,
  type SessionsChange,
  TelemetryBus,
} from '../../../kernel/telemetry-bus';
import { NatsRelayTransport } from '../../../lib/relay/nats-relay-transport';
import { PgRelayTransport } from '../../../lib/relay/pg-relay-transport';
import { RedisRelayTransport } from '../../../lib/relay/redis-relay-transport';
import type { RelayLog, RelayTransport } from '../../../lib/relay/relay-transport';
import { redisRunning } from '../../../test/redis';
import { ClusterRelay } from './cluster-relay';

const pgUrl = process.env.DATABASE_URL;
const redisUrl = 'redis://127.0.0.1:6379';
const natsUrl = 'nats://127.0.0.1:4222';
const quiet: RelayLog = { warn: () => {} };

async function natsRunning(): Promise<boolean> {
  try {
    const nc = await connect({ servers: natsUrl, timeout: 1_000, reconnect: false });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

const running = { pg: Boolean(pgUrl), redis: await redisRunning(redisUrl), nats: await natsRunning() };
for (const [kind, up] of Object.entries(running)) {
  if (!up) console.warn(`cluster relay over ${kind} skipped: its server is not running here (or DATABASE_URL unset)`);
}

/** A transport factory per kind; each test gets a topic of its own, so parallel runs never hear each other. */
function transports(
  kind: 'pg' | 'redis' | 'nats',
  log = quiet,
): { make: () => RelayTransport; close: () => Promise<void> } {
  const topic = `ess_relay_test_${randomBytes(5).toString('hex')}`;
  if (kind === 'pg') {
    const pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
    return {
      make: () => new PgRelayTransport({ url: pgUrl ?? '', pool, channel: topic, log }),
      close: () => pool.end(),
    };
  }
  if (kind === 'redis')
    return { make: () => new RedisRelayTransport({ url: redisUrl, channel: topic, log }), close: async () => {} };
  return { make: () => new NatsRelayTransport({ url: natsUrl, subject: topic, log }), close: async () => {} };
}

/** Two instances: a bus and a relay each, on one transport kind. */
async function pair(kind: 'pg' | 'redis' | 'nats', log = quiet, flushMs?: number) {
  const t = transports(kind, log);
  const busA = new TelemetryBus();
  const busB = new TelemetryBus();
  const seenByB: number[] = [];
  const a = new ClusterRelay({ transport: t.make(), bus: busA, log, onRemoteSeen: () => {}, flushMs });
  const b = new ClusterRelay({
    transport: t.make(),
    bus: busB,
    log,
    onRemoteSeen: (ids) => seenByB.push(...ids),
    flushMs,
  });
  await a.start();
  await b.start();
  const relayedToB: DeviceReadings[][] = [];
  const relayedToA: DeviceReadings[][] = [];
  const liveOnA: RelayedLive[] = [];
  const liveOnB: RelayedLive[] = [];
  busB.on('relayedCommitted', (r) => relayedToB.push(r));
  busA.on('relayedCommitted', (r) => relayedToA.push(r));
  busA.on('relayedLive', (r) => liveOnA.push(r));
  busB.on('relayedLive', (r) => liveOnB.push(r));
  return {
    busA,
    busB,
    seenByB,
    relayedToA,
    relayedToB,
    liveOnA,
    liveOnB,
    close: async () => {
      await a.close();
      await b.close();
      await t.close();
    },
  };
}

const commandRow = (id: number, state: CommandRow['state']): CommandChange => ({
  stationId: 3,
  command: {
    id,
    commandId: `points-${id}`,
    stationId: 3,
    deviceId: 9,
    deviceSn: 'SN-9',
    kind: 'points',
    pointCode: 'pSet',
    value: -50,
    state,
    issuedBy: 'Admin',
    createTime: 1000,
    sentTime: state === 'pending' ? null : 1001,
    resolvedTime: state === 'success' ? 1002 : null,
    message: state === 'success' ? null : '@commandDeviceOffline',
  },
});

const run: SequenceRun = {
  id: 5,
  templateId: 2,
  templateName: 'Start all PCS',
  stationId: 3,
  stationName: 'Nanjing',
  state: 'running',
  issuedBy: 'Admin',
  startTime: 1000,
  endTime: null,
  failedStep: null,
  message: null,
  steps: [
    {
      index: 1,
      name: 'Close breaker',
      state: 'running',
      deviceSns: ['SN-9'],
      commandIds: [41],
      startTime: 1001,
      endTime: null,
      message: null,
    },
  ],
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

describe.each(['pg', 'redis', 'nats'] as const)('cluster relay between server instances over %s', (kind) => {
  let p: Awaited<ReturnType<typeof pair>> | null = null;
  afterEach(async () => {
    await p?.close();
    p = null;
  });

  it.skipIf(!running[kind])(
    'passes committed values and device changes to the other instance, never back',
    async () => {
      p = await pair(kind);
      const { busA, busB, relayedToA, relayedToB, seenByB } = p;
      let changesOnA = 0;
      let changesOnB = 0;
      busA.on('devicesChanged', () => changesOnA++);
      busB.on('devicesChanged', () => changesOnB++);
      // Two batches within a flush coalesce per device, newest values winning.
      busA.emit('committed', [{ stationId: 1, deviceId: 7, values: { p: { value: 1, ts: 1000 } } }]);
      busA.emit('committed', [
        { stationId: 1, deviceId: 7, values: { p: { value: 2, ts: 2000 }, q: { value: 5, ts: 2000 } } },
        { stationId: 1, deviceId: 8, values: { soc: { value: 50, ts: 2000 } } },
      ]);
      busA.emit('devicesChanged', { stationId: 1 });
      await vi.waitFor(() => expect(relayedToB.flat()).toHaveLength(2), { timeout: 5000 });
      const seven = relayedToB.flat().find((r) => r.deviceId === 7);
      expect(seven?.values).toEqual({ p: { value: 2, ts: 2000 }, q: { value: 5, ts: 2000 } });
      expect(seenByB.sort()).toEqual([7, 8]);
      await vi.waitFor(() => expect(changesOnB).toBe(1), { timeout: 5000 });
      // Nothing comes back to the sender, and the replayed change is not relayed again.
      await new Promise((r) => setTimeout(r, 1000));
      expect(relayedToA).toEqual([]);
      expect(changesOnA).toBe(1);
      expect(changesOnB).toBe(1);
    },
  );

  it.skipIf(!running[kind])('sends session changes at once, not at the next flush, and never back', async () => {
    // A flush period longer than the test: only the immediate send can deliver them.
    p = await pair(kind, quiet, 60_000);
    const { busA, busB } = p;
    const onA: SessionsChange[] = [];
    const onB: SessionsChange[] = [];
    busA.on('sessionsChanged', (c) => onA.push(c));
    busB.on('sessionsChanged', (c) => onB.push(c));
    busA.emit('committed', [{ stationId: 1, deviceId: 7, values: { p: { value: 1, ts: 1000 } } }]);
    busA.emit('sessionsChanged', { userId: 4 });
    busA.emit('sessionsChanged', { all: true });
    await vi.waitFor(() => expect(onB).toEqual([{ userId: 4 }, { all: true }]), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(onA).toEqual([{ userId: 4 }, { all: true }]);
    expect(onB).toHaveLength(2);
  });

  it.skipIf(!running[kind])(
    'passes command, alarm, sequence and message changes in order as live-only events, once',
    async () => {
      p = await pair(kind);
      const { busA, busB, liveOnA, liveOnB } = p;
      // Locally they stay what they were: notifications and metrics on B must not count A's changes.
      const commandsOnB: CommandChange[] = [];
      let alarmsOnB = 0;
      busB.on('command', (c) => commandsOnB.push(c));
      busB.on('alarm', () => alarmsOnB++);
      // Forty command changes, about 16 KB: several NOTIFY payloads, in order.
      const sent = Array.from({ length: 39 }, (_, i) => commandRow(i + 1, 'sent'));
      for (const c of [...sent, commandRow(1, 'success')]) busA.emit('command', c);
      busA.emit('alarm', { stationId: 3, change: 'raised', eventIds: [11, 12], count: 2 });
      busA.emit('sequence', { stationId: 3, run });
      busA.emit('messages', { userIds: [1, 2] });
      await vi.waitFor(() => expect(liveOnB).toHaveLength(43), { timeout: 5000 });
      expect(liveOnB.filter((r) => r.kind === 'command').map((r) => r.change)).toEqual([
        ...sent,
        commandRow(1, 'success'),
      ]);
      expect(liveOnB.filter((r) => r.kind !== 'command')).toEqual([
        { kind: 'alarm', change: { stationId: 3, change: 'raised', eventIds: [11, 12], count: 2 } },
        { kind: 'sequence', change: { stationId: 3, run } },
        { kind: 'messages', change: { userIds: [1, 2] } },
      ]);
      await new Promise((r) => setTimeout(r, 1000));
      expect(liveOnA).toEqual([]);
      expect(liveOnB).toHaveLength(43);
      expect(commandsOnB).toEqual([]);
      expect(alarmsOnB).toBe(0);
    },
  );

  it.skipIf(!running[kind])('sends a device larger than a NOTIFY payload where the transport takes it', async () => {
    const warnings: string[] = [];
    p = await pair(kind, {
      warn: (_o: object, msg: string) => {
        warnings.push(msg);
      },
    });
    const { busA, relayedToB } = p;
    // About 20 KB of values for one device, and a small one beside it.
    const values: DeviceReadings['values'] = {};
    for (let i = 0; i < 400; i++)
      values[`point_${i}_with_a_long_code`] = { value: i + 0.123456, ts: 1_700_000_000_000 };
    busA.emit('committed', [
      { stationId: 1, deviceId: 70, values },
      { stationId: 1, deviceId: 71, values: { p: { value: 1, ts: 1 } } },
    ]);
    await vi.waitFor(() => expect(relayedToB.flat().some((r) => r.deviceId === 71)).toBe(true), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 500));
    const big = relayedToB.flat().find((r) => r.deviceId === 70);
    if (kind === 'pg') {
      expect(big).toBeUndefined();
      expect(warnings.some((w) => w.includes('too large'))).toBe(true);
    } else {
      expect(Object.keys(big?.values ?? {})).toHaveLength(400);
    }
  });

  it.skipIf(!running[kind])('carries a committed value to the other instance within the flush period', async () => {
    p = await pair(kind);
    const { busA, relayedToB } = p;
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    p.busB.on('relayedCommitted', (batch) => {
      const now = performance.now();
      for (const r of batch) {
        const at = sentAt.get(r.deviceId);
        if (at !== undefined) latencies.push(now - at);
      }
    });
    // 60 devices, one every 25 ms (1.5 s), as ingest commits them.
    for (let d = 1; d <= 60; d++) {
      sentAt.set(d, performance.now());
      busA.emit('committed', [{ stationId: 1, deviceId: d, values: { p: { value: d, ts: Date.now() } } }]);
      await new Promise((r) => setTimeout(r, 25));
    }
    await vi.waitFor(() => expect(latencies).toHaveLength(60), { timeout: 5000 });
    expect(relayedToB.flat()).toHaveLength(60);
    const sorted = [...latencies].sort((x, y) => x - y);
    const p50 = percentile(sorted, 0.5);
    const p99 = percentile(sorted, 0.99);
    console.info(
      `relay ${kind}: cross-instance latency p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (100 ms flush)`,
    );
    expect(p99).toBeLessThan(1_000);
  });
});
