import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { topicOf } from '@ess/contract';
import { type SQL, sql } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { COUNT_PENDING } from '../domains/telemetry/telemetry/ingest-sql';
import { createTestStation, type TestStation } from '../domains/telemetry/telemetry/test-station.kit';
import { createTestDatabase, deviceCredentials, sqlRows } from '../test/harness';
import { startInstance } from '../test/server-process';

const CODES = ['udc', 'ua', 'ub', 'uc'] as const;
const instance = `crash-${process.pid}-${Date.now().toString(36)}`;

/** The real server (main.ts) in a child process, as a deployment runs it. */
const startServer = (env: Record<string, string>) =>
  startInstance({
    // Stable across the restart, like one deployed instance.
    MQTT_CLIENT_ID: instance,
    MQTT_SHARE_GROUP: instance,
    MQTT_SESSION_EXPIRY_S: '120',
    ...env,
  });

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
    let device = await connect(server.mqttUrl ?? '');
    let pub = publisher(device, st, sn, acked, start);
    await vi.waitFor(() => expect(acked.length).toBeGreaterThan(300), { timeout: 30_000 });
    // Killed while messages are in flight (held for commit, or delivered and not yet acknowledged).
    await server.stop('SIGKILL');
    const beforeKill = acked.length;
    // With an external broker the device keeps publishing to it while the server is down.
    if (process.env.MQTT_URL) await new Promise((r) => setTimeout(r, 1000));
    await pub.stop();
    device.end(true);

    server = await startServer(dbEnv);
    device = await connect(server.mqttUrl ?? '');
    pub = publisher(device, st, sn, acked, start + 1_000_000);
    const total = acked.length;
    await vi.waitFor(() => expect(acked.length).toBeGreaterThan(total + 200), { timeout: 30_000 });
    await pub.stop();
    await device.endAsync();
    // Give an external broker's queue time to drain into the restarted server, then stop it.
    await new Promise((r) => setTimeout(r, process.env.MQTT_URL ? 3000 : 200));
    await server.stop('SIGTERM');

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

  it('rolls the roll-up deltas a killed server left in an open bucket', { timeout: 120_000 }, async () => {
    const sn = st.pcs[0]?.sn ?? '';
    const acked: number[] = [];
    const connect = (url: string) =>
      connectAsync(url, { clientId: sn, username: sn, password, reconnectPeriod: 0, clean: true });
    const open = () => openDatabase(dbEnv.DATABASE_URL ? { url: dbEnv.DATABASE_URL } : { dataDir: dir });
    const pendingRows = async (db: Database['db']) =>
      (await sqlRows<{ n: number }>(db, sql.raw(COUNT_PENDING)))[0]?.n ?? -1;

    // Every batch leaves its roll-ups to the roller, which waits a minute between rolls:
    // samples of the current quarter-hour pile up in ts_rollup_samples.
    let server = await startServer({
      ...dbEnv,
      ROLLUP_INLINE_ROWS: '1',
      ROLLUP_INTERVAL_MS: '60000',
      ROLLUP_MIN_INTERVAL_MS: '60000',
    });
    const device = await connect(server.mqttUrl ?? '');
    const pub = publisher(device, st, sn, acked, Date.now() - 2000);
    await vi.waitFor(() => expect(acked.length).toBeGreaterThan(300), { timeout: 30_000 });
    await server.stop('SIGKILL');
    await pub.stop();
    device.end(true);

    let check = await open();
    try {
      expect(await pendingRows(check.db)).toBeGreaterThan(0);
    } finally {
      await check.close();
    }
    // A new process rolls them as it starts; killed too, so no graceful last roll does it.
    server = await startServer(dbEnv);
    await vi.waitFor(() => expect(server.lines.join('\n')).toContain('roll-up deltas left at the last stop rolled'), {
      timeout: 30_000,
    });
    // On an external broker, messages it still held for the killed server arrive after that
    // first roll and leave rows of their own; the running server's next rolls take them too.
    check = await open();
    try {
      await vi.waitFor(async () => expect(await pendingRows(check.db)).toBe(0), { timeout: 30_000 });
    } finally {
      await check.close();
    }
    await server.stop('SIGKILL');

    check = await open();
    try {
      expect(await pendingRows(check.db)).toBe(0);
      const ids = sql.join(
        CODES.map((c) => sql`${st.pcs[0]?.points.get(c) ?? 0}`),
        sql`, `,
      );
      const agg = (key: SQL) => sql`
        SELECT point_id, ${key} AS k, min(value) AS min, max(value) AS max, sum(value) AS sum, count(*)::int AS count,
          (array_agg(value ORDER BY ts))[1] AS first, min(ts) AS first_ts,
          (array_agg(value ORDER BY ts DESC))[1] AS last, max(ts) AS last_ts
        FROM ts_raw WHERE point_id IN (${ids}) GROUP BY 1, 2 ORDER BY 1, 2`;
      const rollup = (table: SQL, key: SQL) => sql`
        SELECT point_id, ${key} AS k, min, max, sum, count, first, first_ts, last, last_ts
        FROM ${table} WHERE point_id IN (${ids}) ORDER BY 1, 2`;
      const r15 = await sqlRows(check.db, rollup(sql`ts_15m`, sql`bucket`));
      expect(r15.length).toBeGreaterThan(0);
      expect(r15).toEqual(
        await sqlRows(check.db, agg(sql`date_bin('15 minutes', ts, timestamptz '1970-01-01 00:00:00+00')`)),
      );
      expect(await sqlRows(check.db, rollup(sql`ts_1d`, sql`day::text`))).toEqual(
        await sqlRows(check.db, agg(sql`((ts AT TIME ZONE 'Asia/Shanghai')::date)::text`)),
      );
      expect(
        await sqlRows(check.db, sql`SELECT point_id, ts FROM ts_latest WHERE point_id IN (${ids}) ORDER BY 1`),
      ).toEqual(
        await sqlRows(
          check.db,
          sql`SELECT point_id, max(ts) AS ts FROM ts_raw WHERE point_id IN (${ids}) GROUP BY 1 ORDER BY 1`,
        ),
      );
    } finally {
      await check.close();
    }
  });
});
