import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { topicOf } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../../db/client';
import { createTestDatabase, deviceCredentials, sqlRows } from '../../../test/harness';
import { startInstance } from '../../../test/server-process';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';

/** Readiness fails this long before the server stops taking connections (observable from here). */
const DELAY_MS = 1500;

/** Publishes numbered samples of one point, 20 unacknowledged at a time; records the acknowledged ones. */
function publisher(client: MqttClient, st: TestStation, sn: string, acked: number[], first: number) {
  let next = first;
  let stopped = false;
  const one = async (): Promise<void> => {
    while (!stopped && client.connected) {
      const ts = next++;
      try {
        await client.publishAsync(topicOf(st.code, sn, 'telemetry'), JSON.stringify({ ts, values: { udc: 700 } }), {
          qos: 1,
        });
        acked.push(ts);
      } catch {
        return;
      }
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

/** Polls /api/ready until stopped; records each answer's status (0: no connection). */
function readinessPoller(http: string) {
  const seen: { at: number; status: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const status = await fetch(`${http}/api/ready`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.status,
        () => 0,
      );
      seen.push({ at: Date.now(), status });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    seen,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

describe('graceful shutdown', () => {
  let dir: string;
  let database: Database;
  let dbEnv: Record<string, string>;
  let drop: () => Promise<void>;
  let st: TestStation;
  let password: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ess-shutdown-'));
    ({ database, env: dbEnv, drop } = await createTestDatabase(dir));
    st = await createTestStation(database.db, { pcs: 1 });
    password = (await deviceCredentials(database.db, st.pcs[0]?.sn ?? '')).password;
    // PGlite allows one process at a time: the server opens it itself.
    await database.close();
  });

  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM: ready turns 503, every acknowledged sample is stored, exit 0', { timeout: 120_000 }, async () => {
    const sn = st.pcs[0]?.sn ?? '';
    const acked: number[] = [];
    // The real server (main.ts) with its embedded broker, even where the suite runs against an external one.
    const server = await startInstance({ ...dbEnv, SHUTDOWN_DELAY_MS: String(DELAY_MS) }, { unset: ['MQTT_URL'] });
    expect((await fetch(`${server.http}/api/ready`)).status).toBe(200);
    const device = await connectAsync(server.mqttUrl ?? '', {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
      clean: true,
    });
    const pub = publisher(device, st, sn, acked, Date.now() - 3_600_000);
    await vi.waitFor(() => expect(acked.length).toBeGreaterThan(300), { timeout: 30_000 });

    const ready = readinessPoller(server.http);
    await vi.waitFor(() => expect(ready.seen.length).toBeGreaterThan(0));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    const exited = Date.now();
    await ready.stop();
    await pub.stop();
    device.end(true);

    expect(code, server.lines.join('\n')).toBe(0);
    expect(server.lines.some((l) => l.includes('shutdown complete'))).toBe(true);
    // Still publishing while readiness already failed: the drain had work to do.
    const during = ready.seen.filter((s) => s.at > signalled + 100 && s.at < signalled + DELAY_MS - 100);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((s) => s.status === 503)).toBe(true);
    expect(exited - signalled).toBeGreaterThanOrEqual(DELAY_MS);

    const check = await openDatabase(dbEnv.DATABASE_URL ? { url: dbEnv.DATABASE_URL } : { dataDir: dir });
    try {
      const pid = st.pcs[0]?.points.get('udc');
      const rows = await sqlRows<{ ts: string | number }>(
        check.db,
        sql`SELECT (extract(epoch FROM ts) * 1000)::bigint AS ts FROM ts_raw WHERE point_id = ${pid}`,
      );
      const stored = new Set(rows.map((r) => Number(r.ts)));
      const lost = acked.filter((ts) => !stored.has(ts));
      expect(acked.length).toBeGreaterThan(300);
      expect(lost).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
