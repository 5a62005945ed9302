import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../server-root';
import { lockDataDir } from './data-dir-lock';
import { withMigrationLock } from './migrate-lock';
import { PgliteTurns } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this type, so services and repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The driver under Drizzle, for what Drizzle cannot do (COPY into the time-series tables). */
export type RawDriver = { kind: 'postgres'; pool: pg.Pool; url: string } | { kind: 'pglite'; client: PGlite };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  raw: RawDriver;
  /** Requests' calls waiting for a connection (PostgreSQL) or a turn (PGlite) now. */
  waiting: () => number;
  close: () => Promise<void>;
};

/**
 * How long the ingest's and the roller's calls wait at most behind requests' on the embedded
 * database: requests go first, the ingest still commits a few batches a second under any load.
 */
const BACKGROUND_MAX_WAIT_MS = 200;
/** How long queued calls run in one turn of the event loop before sockets get theirs (10 ms starved sign-ins on a loaded machine). */
const SLICE_MS = 50;
/**
 * Requests' calls that may wait for the embedded database; one more is answered 503 at once.
 * At 1–5 ms a call that is seconds of queue, under the web client's 10 s timeout.
 */
const MAX_WAITING_CALLS = 1000;

const migrationsFolder = path.join(serverRoot, 'drizzle');

export type DatabaseOptions =
  /** PostgreSQL server. */
  | { url: string }
  /**
   * Embedded PGlite; `dataDir` undefined keeps it in memory (tests), then `image` may hold a
   * dump of a database to start from (a migrated, seeded test template).
   */
  | { dataDir: string | undefined; image?: Blob };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection that the server closes (restart, terminated backend) is dropped by the
    // pool; without a listener that event would crash the process.
    pool.on('error', () => {});
    // A connection lost while checked out between two statements (a transaction awaiting its
    // next query) emits on the client, where the pool listens no more: the next statement fails
    // instead, and its caller answers or retries; unheard, the event would crash the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema });
    try {
      // Several instances may start at once: they migrate one after another.
      await withMigrationLock(opts.url, () => migratePg(db, { migrationsFolder }));
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      raw: { kind: 'postgres', pool, url: opts.url },
      waiting: () => pool.waitingCount,
      close: () => pool.end(),
    };
  }
  let release = () => {};
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // One process per data directory (PGlite has no postmaster to refuse a second).
    release = lockDataDir(opts.dataDir);
  }
  let client: PGlite | null = null;
  const close = async () => {
    try {
      await client?.close();
    } finally {
      release();
    }
  };
  try {
    client = opts.dataDir
      ? new PGlite(path.join(opts.dataDir, 'pgdata'))
      : new PGlite(opts.image ? { loadDataDir: opts.image } : {});
    await client.waitReady;
    // Requests (Drizzle) and the ingest (raw client) share one instance: pglite-turns.ts orders them.
    const turns = new PgliteTurns(BACKGROUND_MAX_WAIT_MS, SLICE_MS, undefined, MAX_WAITING_CALLS);
    const db = drizzlePglite(turns.wrap(client, false), { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      raw: { kind: 'pglite', client: turns.wrap(client, true) },
      waiting: () => turns.foregroundWaiting,
      close,
    };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}
