import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { topicOf } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alarmEvents } from '../../../db/alarm-schema';
import { type Database, openDatabase } from '../../../db/client';
import { ADMIN_PASSWORD, createTestDatabase, deviceCredentials } from '../../../test/harness';
import { signIn, startInstance } from '../../../test/server-process';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';
import { insertDefinition } from './alarm-definition.repository';
import { ruleKey } from './alarm-rules';

const instance = `alarm-crash-${process.pid}-${Date.now().toString(36)}`;

/** The real server (main.ts) in a child process, as deployed; resolves when HTTP and MQTT listen. */
const startServer = (env: Record<string, string>) =>
  startInstance({ MQTT_CLIENT_ID: instance, MQTT_SHARE_GROUP: instance, ...env });

async function alarmCount(http: string, token: string, stationId: number): Promise<number> {
  const res = await fetch(`${http}/api/flow/event/eventNum`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ stationId }),
  });
  return (await res.json()).data;
}

describe('alarms across a killed server', () => {
  let dir: string;
  let database: Database;
  let dbEnv: Record<string, string>;
  let drop: () => Promise<void>;
  let st: TestStation;
  let password: string;
  let definitionId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ess-alarm-crash-'));
    ({ database, env: dbEnv, drop } = await createTestDatabase(dir));
    st = await createTestStation(database.db, { pcs: 1 });
    const pcs = st.pcs[0];
    if (!pcs) throw new Error('fixture');
    password = (await deviceCredentials(database.db, pcs.sn)).password;
    const id = await insertDefinition(database.db, {
      name: 'DC over-voltage',
      deviceId: pcs.id,
      pointCode: 'udc',
      condition: 'gt',
      threshold: 800,
      holdSeconds: 0,
      deadband: 50,
      level: 1,
      content: '{device} {value}',
      enabled: true,
    });
    if (id === null) throw new Error('fixture');
    definitionId = id;
    // PGlite allows one process at a time: the servers open it themselves.
    await database.close();
  });

  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the active alarm through SIGKILL: not raised twice, its recovery still detected', {
    timeout: 120_000,
  }, async () => {
    const pcs = st.pcs[0];
    if (!pcs) throw new Error('fixture');
    const t0 = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
    const connect = (url: string): Promise<MqttClient> =>
      connectAsync(url, { clientId: pcs.sn, username: pcs.sn, password, reconnectPeriod: 0, clean: true });
    const publish = (client: MqttClient, ts: number, udc: number) =>
      client.publishAsync(topicOf(st.code, pcs.sn, 'telemetry'), JSON.stringify({ ts, values: { udc } }), { qos: 1 });

    let server = await startServer(dbEnv);
    let device = await connect(server.mqttUrl ?? '');
    await publish(device, t0, 900);
    let token = await signIn(server.port, 'admin', ADMIN_PASSWORD);
    await vi.waitFor(async () => expect(await alarmCount(server.http, token, st.id)).toBe(1), { timeout: 10_000 });
    await server.stop('SIGKILL');
    device.end(true);

    server = await startServer(dbEnv);
    device = await connect(server.mqttUrl ?? '');
    // Still over the limit: the same alarm, not a second one.
    await publish(device, t0 + 1000, 920);
    // Inside the deadband (800 − 50): still active.
    await publish(device, t0 + 2000, 780);
    // Past it: recovered.
    await publish(device, t0 + 3000, 740);
    token = await signIn(server.port, 'admin', ADMIN_PASSWORD);
    await vi.waitFor(
      async () => {
        const res = await fetch(`${server.http}/api/alarm/realtime/page`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ stationId: st.id, pageNum: 1, pageSize: 10 }),
        });
        const rows = (await res.json()).data.rows as { recoveredAt: number | null }[];
        expect(rows.map((r) => r.recoveredAt)).toEqual([t0 + 3000]);
      },
      { timeout: 10_000 },
    );
    await device.endAsync();
    await server.stop('SIGTERM');

    const check = await openDatabase(dbEnv.DATABASE_URL ? { url: dbEnv.DATABASE_URL } : { dataDir: dir });
    try {
      const rows = await check.db
        .select()
        .from(alarmEvents)
        .where(eq(alarmEvents.dedupKey, ruleKey(definitionId, pcs.id)));
      expect(rows.map((r) => [r.value, r.raisedAt.getTime(), r.recoveredAt?.getTime()])).toEqual([
        [900, t0, t0 + 3000],
      ]);
    } finally {
      await check.close();
    }
  });
});
