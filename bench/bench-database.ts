import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { loadEnv } from '../apps/server/src/env';
import { smokeImage } from './smoke-image';

/** A database of its own: a new PostgreSQL database, or PGlite in a temporary directory. */
export async function benchDatabase(bench: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = loadEnv().DATABASE_URL;
  const image = url ? null : smokeImage();
  if (image) return { database: await openDatabase({ dataDir: undefined, image }), drop: async () => {} };
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), `ess-bench-${bench}-`));
    const database = await openDatabase({ dataDir: dir });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `ess_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
