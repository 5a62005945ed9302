import { randomBytes } from 'node:crypto';
import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { type Database, openDatabase } from '../../../db/client';
import type { DeviceReadings } from '../../../kernel/telemetry-bus';
import { connectDevice, createTestApp, sqlRows, type TestContext } from '../../../test/harness';
import type { TelemetryRuntime } from './telemetry-runtime';
import { createTestStation, type TestStation } from './test-station.kit';

/**
 * Scale-out on an external broker (MQTT_URL) and PostgreSQL: two instances of one deployment
 * share the database and a shared-subscription group (unique to this run), each with its own
 * client ids. The broker splits the telemetry between them, each message is stored once, and
 * the cluster relay shows each instance what the other committed. An instance that stops keeps
 * its persistent sessions, and Mosquitto 2.0 goes on giving them their turn of the group: what
 * they queue is stored when that instance is back (a rolling restart loses nothing).
 */

const external = Boolean(process.env.MQTT_URL && process.env.DATABASE_URL);
const group = `ess-test-scale-${randomBytes(4).toString('hex')}`;

let a: TestContext;
let b: { app: FastifyInstance; database: Database } | null = null;
const bEnv = () => ({ ...a.env, MQTT_CLIENT_ID: `${group}-b` });
let st: TestStation;
let device: MqttClient | null = null;

const runtime = (app: FastifyInstance): TelemetryRuntime => {
  if (!app.telemetry) throw new Error('telemetry off');
  return app.telemetry;
};

beforeAll(async () => {
  if (!external) return;
  a = await createTestApp({ MQTT_SHARE_GROUP: group });
  if (a.database.raw.kind !== 'postgres') throw new Error('PostgreSQL expected');
  b = await startB();
  st = await createTestStation(a.database.db, { pcs: 1 });
  await runtime(a.app).registry.reload();
  await runtime(b.app).registry.reload();
});

afterAll(async () => {
  await device?.endAsync();
  await stopB();
  await a?.close();
});

/** The second instance: the same database and group, client ids of its own (kept across restarts). */
async function startB(): Promise<{ app: FastifyInstance; database: Database }> {
  if (a.database.raw.kind !== 'postgres') throw new Error('PostgreSQL expected');
  const database = await openDatabase({ url: a.database.raw.url });
  const app = await buildApp({ env: bEnv(), database, logger: false });
  await app.ready();
  return { app, database };
}

async function stopB(): Promise<void> {
  const stopping = b;
  b = null;
  await stopping?.app.close();
  await stopping?.database.close();
}

/** Values of our PCS in what an instance committed itself, or was relayed from the other. */
function recorder(app: FastifyInstance) {
  const own: number[] = [];
  const relayed: number[] = [];
  const pick = (into: number[]) => (readings: DeviceReadings[]) => {
    for (const r of readings) {
      const p = r.deviceId === st.pcs[0]?.id ? r.values.p : undefined;
      if (p) into.push(p.value);
    }
  };
  runtime(app).bus.on('committed', pick(own));
  runtime(app).bus.on('relayedCommitted', pick(relayed));
  return { own, relayed };
}

async function storedValues(): Promise<number[]> {
  const rows = await sqlRows<{ value: number }>(
    a.database.db,
    sql`SELECT value FROM ts_raw WHERE point_id = ${st.pcs[0]?.points.get('p')} ORDER BY value`,
  );
  return rows.map((r) => r.value);
}

describe.skipIf(!external)('two instances on one external broker', () => {
  it('split the telemetry, store each message once and relay what they committed', async () => {
    const bApp = b?.app;
    if (!bApp) throw new Error('fixture');
    const seenA = recorder(a.app);
    const seenB = recorder(bApp);
    const duplicates = () => (runtime(a.app).stats()?.duplicates ?? 0) + (runtime(bApp).stats()?.duplicates ?? 0);
    const dup0 = duplicates();
    const sn = st.pcs[0]?.sn ?? '';
    device = await connectDevice(a, sn);
    const start = Date.now() - 600_000;
    // One message after another, apart, so most batches hold one message and show who took it.
    for (let i = 1; i <= 40; i++) {
      await device.publishAsync(
        topicOf(st.code, sn, 'telemetry'),
        JSON.stringify({ ts: start + i, values: { p: i } }),
        {
          qos: 1,
        },
      );
      await new Promise((r) => setTimeout(r, 25));
    }
    const all = Array.from({ length: 40 }, (_, i) => i + 1);
    await vi.waitFor(async () => expect(await storedValues()).toEqual(all), { timeout: 10_000 });
    expect(duplicates()).toBe(dup0);
    expect(seenA.own.length).toBeGreaterThan(0);
    expect(seenB.own.length).toBeGreaterThan(0);
    // Each learns the other's newest values through the relay (coalesced to 1 s).
    await vi.waitFor(
      () => {
        expect(seenA.relayed).toEqual(expect.arrayContaining([Math.max(...seenB.own)]));
        expect(seenB.relayed).toEqual(expect.arrayContaining([Math.max(...seenA.own)]));
      },
      { timeout: 10_000 },
    );

    // B stops (a rolling restart): its sessions stay on the broker and still get their share.
    await stopB();
    const fromA = seenA.own.length;
    for (let i = 41; i <= 60; i++)
      await device.publishAsync(
        topicOf(st.code, sn, 'telemetry'),
        JSON.stringify({ ts: start + i, values: { p: i } }),
        {
          qos: 1,
        },
      );
    await vi.waitFor(() => expect(seenA.own.length).toBeGreaterThan(fromA), { timeout: 10_000 });
    // B is back with the same client ids: what its sessions queued is stored, once.
    b = await startB();
    const more = Array.from({ length: 60 }, (_, i) => i + 1);
    await vi.waitFor(async () => expect(await storedValues()).toEqual(more), { timeout: 10_000 });
    expect(duplicates() + (b ? (runtime(b.app).stats()?.duplicates ?? 0) : 0)).toBe(dup0);
  });
});
