import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { createTestStation, type TestStation } from '../modules/telemetry/test-station';
import { createTestDatabase, deviceCredentials, sqlRows } from '../test/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const main = path.join(root, 'apps/server/src/main.ts');
const CODES = ['udc', 'ua', 'ub', 'uc'] as const;
const instance = `crash-${process.pid}-${Date.now().toString(36)}`;

type Server = { child: ChildProcess; mqttUrl: string; lines: string[] };

/** The real server (main.ts) in a child process, as a deployment runs it. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      // Stable across the restart, like one deployed instance.
      MQTT_CLIENT_ID: instance,
      MQTT_SHARE_GROUP: instance,
      MQTT_SESSION_EXPIRY_S: '120',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      // The test publishes as the devices itself; the demo simulator would replace their secrets.
      SIMULATOR: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr?.on('data', (b: Buffer) => lines.push(b.toString()));
  const ready = new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout ?? process.stdin });
    rl.on('line', (line) => {
      lines.push(line);
      const m = /MQTT broker listening on (mqtt:\/\/[\d.]+:\d+)/.exec(line);
      if (m?.[1]) resolve(m[1]);
      else if (line.includes('subscribed to the broker at MQTT_URL')) resolve(process.env.MQTT_URL ?? '');
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${lines.join('\n')}`)));
  });
  return { child, mqttUrl: await ready, lines };
}

/**
 * Publishes numbered samples, 20 at a time unacknowledged; records what was acknowledged.
 * Towards an external broker the pace stays under what it queues for a stopped subscriber
 * (Mosquitto: max_queued_messages per session), which it would otherwise drop.
 */
function publisher(client: MqttClient, st: TestStation, sn: string, acked: number[], first: number) {
  let next = first;
  let stopped = false;
  const values = Object.fromEntries(CODES.map((c) => [c, 1]));
  const pause = process.env.MQTT_URL ? 20 : 0;
  const one = async (): Promise<void> => {
    while (!stopped && client.connected) {
      const ts = next++;
      try {
        await client.publishAsync(topicOf(st.code, sn, 'telemetry'), JSON.stringify({ ts, values }), { qos: 1 });
        acked.push(ts);
      } catch {
        return;
      }
      if (pause) await new Promise((r) => setTimeout(r, pause));
    }
  };
  const lanes = Promise.all(Array.from({ length: 20 }, one));
  return {
    stop: async () => {
      stopped = true;
      await Promise.race([lanes, new Promise((r) => setTimeout(r, 2000))]);
    },
  };
}

describe('server killed mid-stream', () => {
  let dir: string;
  let database: Database;
  let dbEnv: Record<string, string>;
  let drop: () => Promise<void>;
  let st: TestStation;
  let password: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ess-crash-'));
    ({ database, env: dbEnv, drop } = await createTestDatabase(dir));
    st = await createTestStation(database.db, { pcs: 1 });
    password = (await deviceCredentials(database.db, st.pcs[0]?.sn ?? '')).password;
    // PGlite allows one process at a time: the servers open it themselves.
    await database.close();
  });

  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged sample (SIGKILL, then a restart)', { timeout: 120_000 }, async () => {
    const sn = st.pcs[0]?.sn ?? '';
    const acked: number[] = [];
    const start = Date.now() - 3_600_000;
    const connect = (url: string) =>
      connectAsync(url, { clientId: sn, username: sn, password, reconnectPeriod: 0, clean: true });

    let server = await startServer(dbEnv);
    let device = await connect(server.mqttUrl);
    let pub = publisher(device, st, sn, acked, start);
    await vi.waitFor(() => expect(acked.length).toBeGreaterThan(300), { timeout: 30_000 });
    // Killed while messages are in flight (held for commit, or delivered and not yet acknowledged).
    server.child.kill('SIGKILL');
    await once(server.child, 'exit');
    const beforeKill = acked.length;
    // With an external broker the device keeps publishing to it while the server is down.
    if (process.env.MQTT_URL) await new Promise((r) => setTimeout(r, 1000));
    await pub.stop();
    device.end(true);

    server = await startServer(dbEnv);
    device = await connect(server.mqttUrl);
    pub = publisher(device, st, sn, acked, start + 1_000_000);
    const total = acked.length;
    await vi.waitFor(() => expect(acked.length).toBeGreaterThan(total + 200), { timeout: 30_000 });
    await pub.stop();
    await device.endAsync();
    // Give an external broker's queue time to drain into the restarted server, then stop it.
    await new Promise((r) => setTimeout(r, process.env.MQTT_URL ? 3000 : 200));
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');

    const check = await openDatabase(dbEnv.DATABASE_URL ? { url: dbEnv.DATABASE_URL } : { dataDir: dir });
    try {
      const pid = st.pcs[0]?.points.get('udc');
      const res = await sqlRows<{ ts: string | number }>(
        check.db,
        sql`SELECT (extract(epoch FROM ts) * 1000)::bigint AS ts FROM ts_raw WHERE point_id = ${pid}`,
      );
      const stored = new Set(res.map((r) => Number(r.ts)));
      const lost = acked.filter((ts) => !stored.has(ts));
      expect(beforeKill).toBeGreaterThan(300);
      expect(lost).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
