import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { openDatabase } from '../../../db/client';
import { DATA_DIR_LOCK } from '../../../db/data-dir-lock';
import { seedDatabase } from '../../../db/seed';
import { loadEnv } from '../../../env';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login } from '../../../test/harness';
import { LOGIN_KEY_SECRET_FILE } from '../../access/auth/login-key-vault';
import { createTestStation } from '../../telemetry/telemetry/test-station.kit';
import { curves, ingestHistory, rollupsSettled, runScript, snapshot } from './backup-fixture.kit';

const work = mkdtempSync(path.join(tmpdir(), 'ess-pglite-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The platform as main.ts starts it on PGlite in `dir` (no LOGIN_KEY_SECRET: its file is in the dir). */
async function startPlatform(dir: string) {
  const env = loadEnv({
    ...process.env,
    DATABASE_URL: undefined,
    LOGIN_KEY_SECRET: undefined,
    DATA_DIR: dir,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    MQTT_URL: undefined,
  });
  const database = await openDatabase({ dataDir: dir });
  const app = await buildApp({ env, database, logger: false });
  const seeded = await seedDatabase(database.db, env, { info: () => {}, warn: () => {} });
  await app.ready();
  return {
    app,
    database,
    seeded,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite backup: DATA_DIR copied while stopped', () => {
  it('a platform started on the copy has the same data; no copy while it runs', { timeout: 180_000 }, async () => {
    const source = path.join(work, 'source');
    const first = await startPlatform(source);
    const telemetry = first.app.telemetry;
    if (!telemetry) throw new Error('telemetry off');
    const st = await createTestStation(first.database.db);
    await telemetry.registry.reload();
    const n = await ingestHistory(telemetry, st);
    await rollupsSettled(first.database.db, st, n);
    const before = await snapshot(first.database.db, st);
    expect(before.raw).toHaveLength(2 * n);
    const to = Date.now();
    const history = await curves(first.app, await login(first.app, 'admin'), st, to);

    // While it runs the script refuses: PGlite holds pages in the server's memory.
    const archive = path.join(work, 'ess.tar.gz');
    await expect(runScript('backup', [archive], { DATA_DIR: source })).rejects.toThrow(
      `in use by process ${process.pid}`,
    );
    await first.stop();
    expect(existsSync(path.join(source, DATA_DIR_LOCK))).toBe(false);

    await runScript('backup', [archive], { DATA_DIR: source });
    const copy = path.join(work, 'copy');
    await runScript('restore', [archive], { DATA_DIR: copy });
    // The login key secret travels with the directory (no LOGIN_KEY_SECRET set).
    expect(existsSync(path.join(copy, LOGIN_KEY_SECRET_FILE))).toBe(true);
    // Restoring over a directory in use is refused.
    await expect(runScript('restore', [archive], { DATA_DIR: copy })).rejects.toThrow(/not empty/);

    const second = await startPlatform(copy);
    try {
      expect(second.seeded).toBe(false);
      expect(await snapshot(second.database.db, st)).toEqual(before);
      expect(await curves(second.app, await login(second.app, 'admin'), st, to)).toEqual(history);
    } finally {
      await second.stop();
    }
  });
});
