import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { openDatabase } from '../../../db/client';
import { seedDatabase } from '../../../db/seed';
import { createTestApp, login, type TestContext } from '../../../test/harness';
import { createTestStation, type TestStation } from '../../telemetry/telemetry/test-station.kit';
import { curves, ingestHistory, rollupsSettled, runScript, snapshot } from './backup-fixture.kit';

const baseUrl = process.env.DATABASE_URL;
let ctx: TestContext;
let st: TestStation;
let work: string;
const dropped: string[] = [];

async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe.skipIf(!baseUrl)('PostgreSQL backup and restore (scripts/backup.sh, scripts/restore.sh)', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'ess-backup-'));
    ctx = await createTestApp();
    st = await createTestStation(ctx.database.db);
  });

  afterAll(async () => {
    await ctx?.close();
    for (const name of dropped) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  });

  it('pg_dump of a running platform → pg_restore into a new database → it starts, signs in, reads the same history', {
    timeout: 180_000,
  }, async () => {
    const telemetry = ctx.app.telemetry;
    if (!telemetry || ctx.database.raw.kind !== 'postgres') throw new Error('needs telemetry on PostgreSQL');
    await telemetry.registry.reload();
    const n = await ingestHistory(telemetry, st);
    await rollupsSettled(ctx.database.db, st, n);
    const before = await snapshot(ctx.database.db, st);
    expect(before.raw).toHaveLength(2 * n);
    const to = Date.now();
    const history = await curves(ctx.app, await login(ctx.app, 'admin'), st, to);

    // Taken while the platform runs (pg_dump reads one snapshot).
    const file = path.join(work, 'ess.dump');
    const said = await runScript('backup', [file], { DATABASE_URL: ctx.database.raw.url });
    expect(said).toContain(file);
    expect(statSync(file).size).toBeGreaterThan(0);

    const name = `ess_restored_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    dropped.push(name);
    const url = new URL(baseUrl ?? '');
    url.pathname = `/${name}`;
    await runScript('restore', [file], { DATABASE_URL: url.toString() });
    // A second restore into the now used database is refused.
    await expect(runScript('restore', [file], { DATABASE_URL: url.toString() })).rejects.toThrow(/already has/);

    // The platform on the restored database, as main.ts starts it (same LOGIN_KEY_SECRET).
    const database = await openDatabase({ url: url.toString() });
    const env = { ...ctx.env, DATABASE_URL: url.toString() };
    const app = await buildApp({ env, database, logger: false });
    try {
      expect(await seedDatabase(database.db, env, { info: () => {}, warn: () => {} })).toBe(false);
      await app.ready();
      const after = await snapshot(database.db, st);
      // Migrations found nothing to do; every sample, roll-up and partition came back.
      expect(after).toEqual(before);
      expect(await curves(app, await login(app, 'admin'), st, to)).toEqual(history);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
