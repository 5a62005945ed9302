import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Runs a scheduled job on one instance at a time: `fn` runs inside a transaction holding the
 * transaction-level advisory lock `job:<job>`. When another instance holds it, returns
 * `{ ran: false }` at once instead of waiting, so the job is skipped there, not queued. The
 * lock ends with the transaction, also when the process dies. PGlite (one process) runs the
 * same SQL; it has one connection, so `fn` must do all its work on `tx` there (a query on the
 * outer `db` would wait for the transaction that waits for it).
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

/**
 * Share of the period that must have passed since the last run: every instance's timer fires
 * once a period at its own phase, and one of them finds the period due.
 */
const DUE_SHARE = 0.8;

/**
 * Claims the current period of a job that every instance schedules every `periodMs`: true for
 * one caller per period across instances (the one whose conditional upsert moved `run_at` on),
 * false for the others, which skip this round. A try-lock alone would let a second instance
 * run the job again right after the first finished. Times are the database's clock.
 */
export async function claimPeriod(db: Db, job: string, periodMs: number): Promise<boolean> {
  const res = (await db.execute(sql`
    INSERT INTO sys_job_run AS j (job, run_at, runs) VALUES (${job}, now(), 1)
    ON CONFLICT (job) DO UPDATE SET run_at = now(), runs = j.runs + 1
    WHERE j.run_at <= now() - ${Math.round(periodMs * DUE_SHARE)} * interval '1 millisecond'
    RETURNING runs`)) as { rows: unknown[] };
  return res.rows.length > 0;
}
