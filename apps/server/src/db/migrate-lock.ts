import pg from 'pg';

/**
 * The advisory lock key of migrations (two-int form: its own key space, apart from the
 * one-bigint keys of scheduled jobs). Advisory locks are per database.
 */
const MIGRATE_LOCK = [0x455353, 0x4d4947] as const; // 'ESS', 'MIG'

/**
 * Runs `migrate` while this process holds the database's migration lock: instances starting
 * together take turns, so the second finds the first's migrations applied instead of racing
 * it (drizzle's CREATE SCHEMA/TABLE IF NOT EXISTS and its journal are not safe side by side).
 * The lock is session-level on a connection of its own, held across drizzle's own
 * transactions; if this process dies the server ends the session and the lock with it.
 */
export async function withMigrationLock<T>(url: string, migrate: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: url });
  // A failure of the holder's connection surfaces in the query below or is moot after unlock.
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATE_LOCK]);
    try {
      return await migrate();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATE_LOCK]).catch(() => {});
    }
  } finally {
    await holder.end().catch(() => {});
  }
}
