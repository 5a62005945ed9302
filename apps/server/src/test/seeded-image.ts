import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import type { Env } from '../env';
import { hashPassword } from '../lib/password';

const here = path.dirname(fileURLToPath(import.meta.url));
/** What a seeded database is made of: migrations, the seed and the contract's tables it reads. */
const SOURCES = [
  path.resolve(here, '../../drizzle'),
  path.resolve(here, '../db'),
  // The built-in BPMN definitions the seed stores.
  path.resolve(here, '../../processes'),
  path.resolve(here, '../../../../packages/contract/src'),
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * Changes whenever a migration, seed file or contract source changes (content, not mtime), and
 * with the kind and cost new hashes get (test/password-cost.ts, or production's without it).
 */
async function sourceKey(env: Pick<Env, 'ADMIN_PASSWORD' | 'DEMO_PASSWORD'>): Promise<string> {
  const cost = (await hashPassword('probe')).split('$').slice(0, 4).join('$');
  const h = createHash('sha256').update(`${env.ADMIN_PASSWORD}\n${env.DEMO_PASSWORD}\n${cost}\n`);
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    if (file.endsWith('.test.ts')) continue;
    h.update(file).update(readFileSync(file));
  }
  return h.digest('hex').slice(0, 16);
}

let image: Promise<Blob> | null = null;

/**
 * A migrated, seeded in-memory PGlite database as a dump, made once per source version and
 * shared by every test file of the run through a file in the temp directory: starting a test
 * database from it takes about half a second instead of three (migrations, seed, password
 * hashes). Workers that race write the same bytes; the rename makes the file appear whole.
 */
export function seededImage(env: Env): Promise<Blob> {
  image ??= (async () => {
    const dir = path.join(tmpdir(), 'ess-test-images');
    const file = path.join(dir, `seeded-${await sourceKey(env)}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const database = await openDatabase({ dataDir: undefined });
      await seedDatabase(database.db, env, { info: () => {}, warn: () => {} });
      if (database.raw.kind !== 'pglite') throw new Error('the seeded image is a PGlite dump');
      const dump = await database.raw.client.dumpDataDir('none');
      await database.close();
      mkdirSync(dir, { recursive: true });
      const part = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
      renameSync(part, file);
      // Images of older sources are 40 MB each and never used again.
      for (const old of readdirSync(dir)) {
        if (old.startsWith('seeded-') && old !== path.basename(file) && !old.includes('.tar.')) {
          rmSync(path.join(dir, old), { force: true });
        }
      }
      return dump;
    }
  })();
  return image;
}

let template: Promise<string> | null = null;

/**
 * The PostgreSQL twin of `seededImage`: a migrated, seeded database on the server of `baseUrl`
 * that test databases are copied from (`CREATE DATABASE … TEMPLATE`), made once per source
 * version under an advisory lock. Named after the base database, so a CI run that drops
 * `<base>_t_%` at its end leaves nothing behind.
 */
export function seededTemplate(baseUrl: string, env: Env): Promise<string> {
  template ??= (async () => {
    const base = new URL(baseUrl).pathname.replace(/^\//, '') || 'ess';
    const name = `${base}_t_${await sourceKey(env)}`.slice(0, 63).replace(/[^a-z0-9_]/gi, '_');
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name.slice(0, 55)}_build`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(baseUrl);
        url.pathname = `/${building}`;
        const database = await openDatabase({ url: url.toString() });
        await seedDatabase(database.db, env, { info: () => {}, warn: () => {} });
        await database.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return template;
}
