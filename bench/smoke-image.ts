/**
 * The databases of a smoke run (bench/smoke.ts): smoke-all.ts migrates and seeds once and hands
 * every bench the result, so none spends ~10 s of its few seconds on migrations and scrypt
 * hashes. Full runs never use them: each measures on a database of its own, as before.
 *
 *   BENCH_SMOKE_IMAGE     a dump of a migrated PGlite seeded with the benches' passwords
 *                         (bench-session.ts): in-process benches start an in-memory PGlite from it
 *   BENCH_SMOKE_DATA_DIR  a server data directory seeded with the journeys' passwords
 *                         (e2e/support/platform.ts): web and chart start their platform on a copy
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedDatabase } from '../apps/server/src/db/seed';
import { loadEnv } from '../apps/server/src/env';
import * as e2e from '../e2e/support/platform';
import { BENCH_ADMIN_PASSWORD, BENCH_DEMO_PASSWORD } from './bench-session';
import { SMOKE } from './smoke';

const quiet = { info: () => {}, warn: () => {} };

async function dump(database: Database): Promise<Blob> {
  if (database.raw.kind !== 'pglite') throw new Error('a smoke image is a PGlite dump');
  const out = await database.raw.client.dumpDataDir('none');
  await database.close();
  return out;
}

/** A migrated database seeded with these passwords, from the migrated image. */
async function seeded(migrated: Blob, admin: string, demo: string): Promise<Blob> {
  const database = await openDatabase({ dataDir: undefined, image: migrated });
  const env = loadEnv({ ...process.env, ADMIN_PASSWORD: admin, DEMO_PASSWORD: demo });
  await seedDatabase(database.db, env, quiet);
  return dump(database);
}

/** Makes both under `dir` (migrations once, two seeds); the variables that name them. */
export async function makeSmokeDatabases(dir: string): Promise<Record<string, string>> {
  const migrated = await dump(await openDatabase({ dataDir: undefined }));
  // One after the other: the password gate admits only a few scrypt hashes at a time.
  const benches = await seeded(migrated, BENCH_ADMIN_PASSWORD, BENCH_DEMO_PASSWORD);
  const journeys = await seeded(migrated, e2e.ADMIN_PASSWORD, e2e.DEMO_PASSWORD);
  const image = path.join(dir, 'benches.tar');
  writeFileSync(image, Buffer.from(await benches.arrayBuffer()));
  const dataDir = path.join(dir, 'journeys-data');
  await fillDataDir(dataDir, journeys);
  return { BENCH_SMOKE_IMAGE: image, BENCH_SMOKE_DATA_DIR: dataDir };
}

/** A server data directory (DATA_DIR) whose PGlite starts as `image`. */
async function fillDataDir(dataDir: string, image: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(path.join(dataDir, 'pgdata'), { loadDataDir: image });
  await pglite.waitReady;
  await pglite.close();
}

/** The benches' seeded image in a smoke run under smoke-all.ts; null otherwise. */
export function smokeImage(): Blob | null {
  const file = process.env.BENCH_SMOKE_IMAGE;
  return SMOKE && file ? new Blob([readFileSync(file)]) : null;
}

/** Fills `dataDir` (a server's DATA_DIR) with the benches' seeded database in a smoke run; false otherwise. */
export async function seedSmokeDataDir(dataDir: string): Promise<boolean> {
  const image = smokeImage();
  if (!image) return false;
  await fillDataDir(dataDir, image);
  return true;
}
