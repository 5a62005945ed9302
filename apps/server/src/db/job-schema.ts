import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled jobs that run once per period across instances (kernel/job-lock.ts `claimPeriod`):
 * the instance that moves `run_at` on runs the period; `runs` counts the periods run.
 */
export const jobRuns = pgTable('sys_job_run', {
  job: text('job').primaryKey(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
});
