import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { loadEnv } from '../apps/server/src/env';
import { seededImage } from '../apps/server/src/test/seeded-image';
import {
  buildBrokerFiles,
  type DeviceRow,
  mosquittoHash,
  mosquittoHashMatches,
  type Query,
  readDevices,
} from './mosquitto-passwords';

const binary = (name: string) =>
  ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin'].map((d) => path.join(d, name)).find(existsSync);
const MOSQUITTO = binary('mosquitto');
const MOSQUITTO_PASSWD = binary('mosquitto_passwd');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('mosquitto password hash', () => {
  it('has the $7$ shape mosquitto_passwd writes: PBKDF2-SHA512, 101 rounds, 12-byte salt, 64-byte key', () => {
    const [, kind, rounds, salt, key] = mosquittoHash('s3cret').split('$');
    expect([kind, rounds]).toEqual(['7', '101']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(64);
    expect(mosquittoHashMatches(mosquittoHash('s3cret'), 's3cret')).toBe(true);
    expect(mosquittoHashMatches(mosquittoHash('s3cret'), 's3cret!')).toBe(false);
  });

  it.skipIf(!MOSQUITTO_PASSWD)('checks a hash written by the real mosquitto_passwd', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ess-mqpw-'));
    try {
      const file = path.join(dir, 'passwd');
      execFileSync(MOSQUITTO_PASSWD as string, ['-c', '-b', file, 'dev-1', 'Abc-123_xyz']);
      const hash = readFileSync(file, 'utf8').trim().split(':')[1] ?? '';
      expect(hash.startsWith('$7$101$')).toBe(true);
      expect(mosquittoHashMatches(hash, 'Abc-123_xyz')).toBe(true);
      expect(mosquittoHashMatches(hash, 'abc-123_xyz')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Mosquitto on a free loopback port with the generated files; resolves once it listens. */
async function startMosquitto(dir: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${path.join(dir, 'passwd')}`,
      `acl_file ${path.join(dir, 'acl')}`,
      'persistence false',
      // Run as root, Mosquitto would switch to user `mosquitto`, who cannot read this test's directory.
      `user ${userInfo().username}`,
      '',
    ].join('\n'),
  );
  const proc = spawn(MOSQUITTO as string, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mosquitto did not start: ${log}`)), 5000);
    proc.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.on('exit', () => reject(new Error(`mosquitto exited: ${log}`)));
  });
  return { url: `mqtt://127.0.0.1:${port}`, proc };
}

const connect = (url: string, clientId: string, username: string, password: string) =>
  connectAsync(url, { clientId, username, password, protocolVersion: 5, reconnectPeriod: 0, connectTimeout: 3000 });

describe.skipIf(!MOSQUITTO)('broker files from the device table', () => {
  const SERVER = { user: 'ess-server', password: 'server-pass-0123456789' };
  let database: Database;
  let query: Query;
  let dir: string;
  let devices: DeviceRow[];
  const clients: MqttClient[] = [];
  let broker: ChildProcess | undefined;

  beforeAll(async () => {
    const env = loadEnv({ ADMIN_PASSWORD: 'admin-pass-1', DEMO_PASSWORD: 'demo-pass-1', LOG_LEVEL: 'silent' });
    database = await openDatabase({ dataDir: undefined, image: await seededImage(env) });
    const raw = database.raw;
    if (raw.kind !== 'pglite') throw new Error('expected PGlite');
    query = async (sql, params) => ({ rows: (await raw.client.query<Record<string, unknown>>(sql, params)).rows });
    devices = await readDevices(query);
    dir = mkdtempSync(path.join(tmpdir(), 'ess-mqbroker-'));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    broker?.kill();
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('issues secrets the broker and the platform both accept, and keeps each device to its own topics', async () => {
    expect(devices.length).toBeGreaterThan(2);
    const files = await buildBrokerFiles(query, {
      previous: '',
      serverUser: SERVER.user,
      serverPassword: SERVER.password,
      issue: 'missing',
    });
    expect(files.issued.map((i) => i.sn)).toEqual(devices.map((d) => d.sn));
    expect(files.unusable).toEqual([]);
    writeFileSync(path.join(dir, 'passwd'), files.passwd);
    writeFileSync(path.join(dir, 'acl'), files.acl);

    const [a, b] = devices as [DeviceRow, DeviceRow];
    const secretOf = (sn: string) => files.issued.find((i) => i.sn === sn)?.secret ?? '';
    // The stored hash is the platform's own (embedded broker, credentials API) for the same secret.
    const stored = await readDevices(query);
    expect(stored.find((d) => d.sn === a.sn)?.secretHash).toBe(sha256(secretOf(a.sn)));

    const started = await startMosquitto(dir);
    broker = started.proc;
    const server = await connect(started.url, 'ess-ingest-test-0', SERVER.user, SERVER.password);
    clients.push(server);
    const received: string[] = [];
    server.on('message', (topic) => received.push(topic));
    await server.subscribeAsync({ '$share/ess-ingest/ess/+/+/telemetry': { qos: 1 }, 'ess/+/+/cmd/ack': { qos: 1 } });

    const device = await connect(started.url, a.sn, a.sn, secretOf(a.sn));
    clients.push(device);
    const own = `ess/${a.stationCode}/${a.sn}`;
    await device.publishAsync(`${own}/telemetry`, JSON.stringify({ ts: Date.now(), values: { p: 1 } }), { qos: 1 });
    await device.publishAsync(`${own}/cmd/ack`, JSON.stringify({ id: 'c-1', status: 'success' }), { qos: 1 });
    // Another device's topic: refused at PUBACK (MQTT 5 reason 0x87) and never delivered.
    await expect(device.publishAsync(`ess/${b.stationCode}/${b.sn}/telemetry`, '{}', { qos: 1 })).rejects.toThrow(
      /authori/i,
    );
    // Mosquitto 2.0 grants a subscription to another device's commands but delivers none (read ACL).
    await device.subscribeAsync({ [`${own}/cmd`]: { qos: 1 }, [`ess/${b.stationCode}/${b.sn}/cmd`]: { qos: 1 } });
    const commands: string[] = [];
    device.on('message', (topic) => commands.push(topic));
    const command = JSON.stringify({ id: 'c-2', ts: Date.now(), points: {} });
    await server.publishAsync(`ess/${b.stationCode}/${b.sn}/cmd`, command, { qos: 1 });
    await server.publishAsync(`${own}/cmd`, command, { qos: 1 });
    await expect.poll(() => commands).toEqual([`${own}/cmd`]);
    await expect.poll(() => [...received].sort()).toEqual([`${own}/cmd/ack`, `${own}/telemetry`]);

    await expect(connect(started.url, b.sn, b.sn, secretOf(a.sn))).rejects.toThrow(/not authori|bad user/i);
    // A hash from the real mosquitto_passwd for the same secret matches too.
    if (MOSQUITTO_PASSWD) {
      const other = path.join(dir, 'passwd.tool');
      execFileSync(MOSQUITTO_PASSWD, ['-c', '-b', other, b.sn, secretOf(b.sn)]);
      expect(mosquittoHashMatches(readFileSync(other, 'utf8').trim().split(':')[1] ?? '', secretOf(b.sn))).toBe(true);
    }
  }, 60_000);

  it('keeps entries on a rerun and drops one whose secret the API replaced since', async () => {
    const previous = readFileSync(path.join(dir, 'passwd'), 'utf8');
    const opts = { serverUser: SERVER.user, serverPassword: SERVER.password, issue: 'missing' as const };
    const again = await buildBrokerFiles(query, { ...opts, previous });
    expect(again.issued).toEqual([]);
    expect(again.passwd).toBe(previous);

    const [a] = devices as [DeviceRow];
    await query('UPDATE biz_device SET mqtt_secret_hash = $1 WHERE id = $2', [sha256('rotated by the API'), a.id]);
    const kept = await buildBrokerFiles(query, { ...opts, previous, issue: 'none' });
    expect(kept.unusable).toEqual([{ sn: a.sn, reason: 'replacedByApi' }]);
    expect(kept.passwd.split('\n').some((l) => l.startsWith(`${a.sn}:`))).toBe(false);
    const reissued = await buildBrokerFiles(query, { ...opts, previous: kept.passwd });
    expect(reissued.issued.map((i) => i.sn)).toEqual([a.sn]);
  });
});
