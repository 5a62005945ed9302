import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Runs a scheduled job on one instance at a time: `fn` runs inside a transaction holding the
 * transaction-level advisory lock `job:<job>`. When another instance holds it, returns
 * `{ ran: false }` at once instead of waiting, so the job is skipped there, not queued. The
 * lock ends with the transaction, also when the process dies. PGlite (one process) runs the
 * same SQL: its transactions already run one after another.
 */
export async function withJobLock<T>(
  db: Db,
  job: string,
  fn: (tx: Db) => Promise<T>,
): Promise<{ ran: boolean; result?: T }> {
  return db.transaction(async (tx) => {
    const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`job:${job}`})) as locked`)) as {
      rows: { locked: boolean }[];
    };
    if (!res.rows[0]?.locked) return { ran: false };
    return { ran: true, result: await fn(tx) };
  });
}
