import { OPERATION_LOG_RETENTION_DAYS } from '@ess/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import { withJobLock } from '../../../kernel/job-lock';
import { CLIENT_ERROR_RETENTION_MS } from '../logs';

const DAY_MS = 86_400_000;

/**
 * One table that grows without end and how long its rows are kept. Raw telemetry is not
 * here: its day partitions are dropped whole by the telemetry runtime (RAW_RETENTION_DAYS),
 * and the roll-ups (ts_15m, ts_1d) are kept for good.
 */
export type RetentionPolicy = {
  table: string;
  /** Rows older than this many days go; 0 keeps them. */
  days: number;
  /** The time column the age is read from (indexed, so each chunk is an index range). */
  column: string;
  /** Rows that stay whatever their age. */
  keep?: SQL;
  /** The primary key a chunk deletes by; `id` unless the table is keyed otherwise. */
  key?: string;
};

export function retentionPolicies(env: Env): RetentionPolicy[] {
  return [
    { table: 'ts_quarantine', days: env.QUARANTINE_RETENTION_DAYS, column: 'received_at' },
    { table: 'ntf_log', days: env.NOTIFY_LOG_RETENTION_DAYS, column: 'at' },
    // Platform notices to the chains (SLA, work orders): the log of what they sent lives as
    // long. One not sent yet stays; its key, once gone, is past any raiser's retry.
    {
      table: 'ntf_notice',
      days: env.NOTIFY_LOG_RETENTION_DAYS,
      column: 'raised_at',
      key: 'key',
      keep: sql`sent_at IS NULL`,
    },
    {
      table: 'biz_command',
      days: env.COMMAND_RETENTION_DAYS,
      column: 'create_time',
      // Still in flight, or the state of a plan delivery's station (joined by id).
      keep: sql`state IN ('pending', 'sent') OR EXISTS (SELECT 1 FROM biz_plan_delivery_station s WHERE s.command_id = biz_command.id)`,
    },
    // Fixed by the specification (audit) and by the client error log's own rule.
    { table: 'sys_log', days: OPERATION_LOG_RETENTION_DAYS, column: 'create_time' },
    { table: 'sys_client_error', days: CLIENT_ERROR_RETENTION_MS / DAY_MS, column: 'create_time' },
  ];
}

export type PurgeOptions = {
  /** Rows per transaction: a chunk's row locks are released when it commits. */
  chunkRows: number;
  /** Checked between chunks: the app is closing, stop after the current one. */
  stopped?: () => boolean;
};

export type PurgeResult = {
  table: string;
  deleted: number;
  chunks: number;
  /** Another instance was purging this table at the same moment; it carries on. */
  yielded: boolean;
};

/**
 * Deletes a table's rows past their retention, oldest first, `chunkRows` per transaction,
 * each under the job lock `retention:<table>`: two instances never delete the same chunk,
 * and when one finds the lock taken it leaves the table to the other.
 */
export async function purgeTable(
  db: Db,
  policy: RetentionPolicy,
  now: number,
  { chunkRows, stopped = () => false }: PurgeOptions,
): Promise<PurgeResult> {
  const result: PurgeResult = { table: policy.table, deleted: 0, chunks: 0, yielded: false };
  if (policy.days <= 0) return result;
  const before = new Date(now - policy.days * DAY_MS).toISOString();
  const table = sql.identifier(policy.table);
  const column = sql.identifier(policy.column);
  const key = sql.identifier(policy.key ?? 'id');
  const keep = policy.keep ? sql` AND NOT (${policy.keep})` : sql``;
  const chunk = sql`WITH gone AS (
      DELETE FROM ${table} WHERE ${key} IN (
        SELECT ${key} FROM ${table} WHERE ${column} < ${before}::timestamptz${keep}
        ORDER BY ${column} LIMIT ${chunkRows}
      ) RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`;
  while (!stopped()) {
    const { ran, result: n = 0 } = await withJobLock(db, `retention:${policy.table}`, async (tx) => {
      const res = (await tx.execute(chunk)) as { rows: { n: number }[] };
      return res.rows[0]?.n ?? 0;
    });
    if (!ran) {
      result.yielded = true;
      break;
    }
    result.chunks++;
    result.deleted += n;
    if (n < chunkRows) break;
    // Between chunks, other work on this process gets its turn.
    await new Promise((r) => setImmediate(r));
  }
  return result;
}

/** One retention run over every table. */
export async function runRetention(
  db: Db,
  policies: RetentionPolicy[],
  now: number,
  options: PurgeOptions,
): Promise<PurgeResult[]> {
  const results: PurgeResult[] = [];
  for (const p of policies) {
    if (options.stopped?.()) break;
    results.push(await purgeTable(db, p, now, options));
  }
  return results;
}
