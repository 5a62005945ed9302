import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { importPublicKey, sealSecret, topicOf } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alarmEvents } from '../../db/alarm-schema';
import { type Database, openDatabase } from '../../db/client';
import { ADMIN_PASSWORD, createTestDatabase, deviceCredentials } from '../../test/harness';
import { createTestStation, type TestStation } from '../telemetry/test-station';
import { insertDefinition } from './alarm-definition.repository';
import { ruleKey } from './alarm-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const main = path.join(root, 'apps/server/src/main.ts');
const instance = `alarm-crash-${process.pid}-${Date.now().toString(36)}`;

type Server = { child: ChildProcess; http: string; mqttUrl: string };

/** The real server (main.ts) in a child process, as deployed; resolves when HTTP and MQTT listen. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      MQTT_CLIENT_ID: instance,
      MQTT_SHARE_GROUP: instance,
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      SIMULATOR: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr?.on('data', (b: Buffer) => lines.push(b.toString()));
  let http = '';
  const mqttUrl = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout ?? process.stdin });
    rl.on('line', (line) => {
      lines.push(line);
      const web = /listening on (http:\/\/localhost:\d+)/.exec(line);
      if (web?.[1]) http = web[1];
      const m = /MQTT broker listening on (mqtt:\/\/[\d.]+:\d+)/.exec(line);
      if (m?.[1]) resolve(m[1]);
      else if (line.includes('subscribed to the broker at MQTT_URL')) resolve(process.env.MQTT_URL ?? '');
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${lines.join('\n')}`)));
  });
  return { child, http, mqttUrl };
}

/** Signs in as admin over HTTP (the sealed password of the login cipher). */
async function adminToken(http: string): Promise<string> {
  const key = (await (await fetch(`${http}/api/sys/user/publicKey`)).json()).data.publicKey;
  const sealed = await sealSecret(await importPublicKey(key), ADMIN_PASSWORD);
  const res = await fetch(`${http}/api/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: sealed.cipher,
      type: 'pc',
      aesKey: sealed.aesKey,
      iv: sealed.iv,
    }),
  });
  return (await res.json()).data.accessToken;
}

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
    let device = await connect(server.mqttUrl);
    await publish(device, t0, 900);
    let token = await adminToken(server.http);
    await vi.waitFor(async () => expect(await alarmCount(server.http, token, st.id)).toBe(1), { timeout: 10_000 });
    server.child.kill('SIGKILL');
    await once(server.child, 'exit');
    device.end(true);

    server = await startServer(dbEnv);
    device = await connect(server.mqttUrl);
    // Still over the limit: the same alarm, not a second one.
    await publish(device, t0 + 1000, 920);
    // Inside the deadband (800 − 50): still active.
    await publish(device, t0 + 2000, 780);
    // Past it: recovered.
    await publish(device, t0 + 3000, 740);
    token = await adminToken(server.http);
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
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');

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
