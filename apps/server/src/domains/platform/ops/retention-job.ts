import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import { claimPeriod } from '../../../kernel/job-lock';
import { loggableError } from '../../../lib/loggable-error';
import { type PurgeResult, retentionPolicies, runRetention } from './retention';

/** First run a minute after start (not in the way of start-up), then hourly. */
const FIRST_RUN_MS = 60_000;
const EVERY_MS = 3_600_000;
/** Small enough that a chunk's delete holds its row locks for milliseconds. */
export const RETENTION_CHUNK_ROWS = 5000;

export type RetentionJob = {
  /** One run now (tests, tools); runs never overlap on one instance. */
  run: (now?: number) => Promise<PurgeResult[]>;
};

/**
 * Schedules the retention of the growing tables (domains/platform/ops/retention.ts) on this instance
 * from ready to close. Every instance schedules it; one claims each hour (sys_job_run), and the
 * per-chunk job lock keeps any overlapping runs off each other's rows. Close waits for the
 * chunk in progress, not for the whole run.
 */
export function scheduleRetention(
  app: FastifyInstance,
  db: Db,
  env: Env,
  { firstRunMs = FIRST_RUN_MS }: { firstRunMs?: number } = {},
): RetentionJob {
  const policies = retentionPolicies(env);
  let closing = false;
  let running: Promise<PurgeResult[]> | null = null;
  const run = (now = Date.now()): Promise<PurgeResult[]> => {
    running ??= runRetention(db, policies, now, { chunkRows: RETENTION_CHUNK_ROWS, stopped: () => closing }).finally(
      () => {
        running = null;
      },
    );
    return running;
  };
  const tick = () => {
    // Every instance's timer fires hourly; the first to claim the hour runs it.
    claimPeriod(db, 'retention', EVERY_MS)
      .then((due) => (due ? run() : []))
      .then((results) => {
        for (const r of results)
          if (r.deleted > 0)
            app.log.info({ table: r.table, deleted: r.deleted, chunks: r.chunks }, 'retention: old rows deleted');
      })
      .catch((err: unknown) => app.log.warn({ err: loggableError(err) }, 'retention run failed'));
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    const first = setTimeout(tick, firstRunMs);
    const every = setInterval(tick, EVERY_MS);
    first.unref();
    every.unref();
    timers.push(first, every);
  });
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearTimeout(t);
    await running?.catch(() => {});
  });
  return { run };
}
