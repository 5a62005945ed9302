import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this type, so services and repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseOptions =
  /** PostgreSQL server. */
  | { url: string }
  /** Embedded PGlite; `dataDir` undefined keeps it in memory (tests). */
  | { dataDir: string | undefined };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pgdata')) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
