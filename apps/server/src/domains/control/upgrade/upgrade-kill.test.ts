import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importPublicKey, sealSecret, type UpgradeTaskDetail } from '@ess/contract';
import { DeviceAgent } from '@ess/simulator';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceModels, devices } from '../../../db/schema';
import { ADMIN_PASSWORD, createTestDatabase, deviceCredentials } from '../../../test/harness';
import { type InstanceProcess, signIn, startInstance } from '../../../test/server-process';
import { multipartBody } from '../../platform/files/files.kit';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';

/**
 * Issue 25: an upgrade survives `kill -9` of the real server (main.ts in a child process)
 * mid-wave. The devices (the simulator's agents) keep their connection settings, as field
 * devices do; after the restart the task goes on to its end, and no device is sent its upgrade
 * twice nor takes it twice.
 */
let dir: string;
let dbEnv: Record<string, string>;
let drop: () => Promise<void>;
let st: TestStation;
let server: InstanceProcess | null = null;
const agents: DeviceAgent[] = [];
/** Firmware each device applied. */
const applied = new Map<string, string[]>();
let beat: NodeJS.Timeout | undefined;

/** A port free now, kept across the restart like a deployed instance's. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ess-upgrade-kill-'));
  const made = await createTestDatabase(dir);
  ({ env: dbEnv, drop } = made);
  const db = made.database.db;
  st = await createTestStation(db, { pcs: 3, reportIntervalS: 1 });
  const [model] = await db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.code, 'PCS-1250'));
  await db
    .update(devices)
    .set({ modelId: model?.id ?? null })
    .where(
      inArray(
        devices.id,
        st.pcs.map((d) => d.id),
      ),
    );
  const passwords = await Promise.all(st.pcs.map((d) => deviceCredentials(db, d.sn)));
  // PGlite allows one process at a time: the server opens it itself.
  await made.database.close();
  const [http, mqtt] = [await freePort(), await freePort()];
  Object.assign(dbEnv, { PORT: String(http), MQTT_PORT: String(mqtt), DATA_DIR: dir });
  st.pcs.forEach((d, i) => {
    agents.push(
      new DeviceAgent({
        url: `mqtt://127.0.0.1:${mqtt}`,
        stationCode: st.code,
        sn: d.sn,
        password: passwords[i]?.password ?? '',
        reconnectPeriodMs: 200,
        firmware: '1.0.0',
        onFirmware: (v) => applied.set(d.sn, [...(applied.get(d.sn) ?? []), v]),
        log: { info: () => {}, warn: () => {} },
        onCommand: (cmd) => ({ id: cmd.id, status: 'success' }),
      }),
    );
  });
}, 120_000);

afterAll(async () => {
  clearInterval(beat);
  await Promise.all(agents.map((a) => a.stop()));
  await server?.stop('SIGKILL');
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

const start = () => startInstance(dbEnv, { unset: ['MQTT_URL'] });

async function api<T>(s: InstanceProcess, token: string, method: string, p: string, body?: object): Promise<T> {
  const res = await fetch(`${s.http}/api${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: 'en_US' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as { code: number; data: T };
  if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

describe('firmware upgrade and kill -9', () => {
  it('goes on after the server is killed mid-wave, upgrading each device once', { timeout: 240_000 }, async () => {
    server = await start();
    let token = await signIn(server.port, 'admin', ADMIN_PASSWORD);
    for (const a of agents) expect(await a.start()).toBe(true);
    // Devices count as online while their data arrives.
    beat = setInterval(() => {
      for (const a of agents) a.send({ ts: Date.now(), values: { p: 1 } });
    }, 500);

    const form = multipartBody(
      { modelCode: 'PCS-1250', version: '2.0.0' },
      { name: 'pcs.bin', data: randomBytes(400_000) },
    );
    const uploaded = await fetch(`${server.http}/api/upgrade/package`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, lang: 'en_US' },
      body: form.payload,
    });
    const pkg = ((await uploaded.json()) as { data: { id: number } }).data;
    const key = await api<{ publicKey: string }>(server, token, 'GET', '/sys/user/publicKey');
    const sealed = await sealSecret(await importPublicKey(key.publicKey), ADMIN_PASSWORD);
    const first = server;
    await vi.waitFor(
      async () => {
        const t = await api<unknown[]>(first, token, 'POST', '/upgrade/targets', {
          modelCode: 'PCS-1250',
          stationId: st.id,
          currentVersion: '1.0.0',
        });
        expect(t).toHaveLength(3);
      },
      { timeout: 20_000 },
    );
    const { id } = await api<{ id: number }>(server, token, 'POST', '/upgrade/task/add', {
      packageId: pkg.id,
      deviceIds: st.pcs.map((d) => d.id),
      waves: [34, 67, 100],
      maxFailurePct: 0,
      reason: 'kill -9 mid-wave',
      password: sealed.cipher,
      aesKey: sealed.aesKey,
      iv: sealed.iv,
    });
    const detail = (s: InstanceProcess) => api<UpgradeTaskDetail>(s, token, 'GET', `/upgrade/task/${id}`);

    // Killed while the first wave's device applies what it downloaded (its success not yet in):
    // killed mid-download instead, the device would report the download failed, and the wave
    // would halt on it — the honest outcome, which upgrade.test.ts covers.
    await vi.waitFor(
      async () =>
        expect((await detail(first)).devices.some((d) => d.state === 'upgrading' && d.progress === 100)).toBe(true),
      { timeout: 30_000, interval: 50 },
    );
    await server.stop('SIGKILL');

    server = await start();
    token = await signIn(server.port, 'admin', ADMIN_PASSWORD);
    const second = server;
    await vi
      .waitFor(async () => expect((await detail(second)).state).toBe('finished'), {
        timeout: 60_000,
        interval: 1_000,
      })
      .catch(async (e) => {
        console.log('DETAIL', JSON.stringify((await detail(second)).devices));
        console.log('AGENTS', JSON.stringify(agents.map((a) => [a.sn, a.online, a.firmware, a.stats.commands])));
        console.log('LINES1', first.lines.slice(-15).join('\n'));
        console.log(
          'LINES2',
          second.lines
            .filter((l) => !/"level":30/.test(l))
            .slice(-30)
            .join('\n'),
        );
        throw e;
      });
    const done = await detail(second);
    expect(done.waves.map((w) => w.state)).toEqual(['done', 'done', 'done']);
    expect(done.devices.map((d) => [d.sn, d.state, d.version])).toEqual(st.pcs.map((d) => [d.sn, 'success', '2.0.0']));
    // Each device applied the firmware once, whatever the kill interrupted.
    expect(Object.fromEntries(applied)).toEqual(Object.fromEntries(st.pcs.map((d) => [d.sn, ['2.0.0']])));
  });
});
