import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  CREATE_STAGING,
  copyInto,
  TRY_ROLLER_LOCK,
  VACUUM_PENDING,
  WRITE_QUARANTINE,
  WRITE_ROLLUPS,
  WRITE_SAMPLES_CHECKED,
} from './ingest-sql';
import { type RollPace, rollPending } from './roll-pending';
import type { OwnBatches } from './rollup-accumulator';
import {
  isUniqueViolation,
  ROLL_WORK_MEM,
  type RollResult,
  type RollupZones,
  type WriteRequest,
  type WriteResult,
  type WriterSession,
} from './writer-session';

/**
 * A paced roll's parts and pauses: parts of 10,000 rows take ~0.1 s each on a 2 vCPU machine; a
 * pause as long as the part leaves the roll half a core while a fleet's roll runs.
 */
const ROLL_PACE: RollPace = { partRows: 10_000, pause: 1, sleep };

/**
 * PostgreSQL: one pooled connection held for the ingest (its temporary staging tables live
 * in that session). A failed connection is discarded and the next call opens another.
 */
export class PgWriterSession implements WriterSession {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly pool: pg.Pool,
    /** How a scheduled roll paces itself (tests pass small parts). */
    private readonly pace: RollPace = ROLL_PACE,
  ) {}

  async write(req: WriteRequest): Promise<WriteResult> {
    return this.run(async (c) => {
      await c.query('BEGIN');
      try {
        let inserted = 0;
        const zones = [req.zonePointIds, req.zoneNames, req.defaultZone];
        if (req.samples && req.rollups) {
          try {
            await pipeline([req.samples], c.query(copyFrom(copyInto('ts_msg', 'stdin'))));
          } catch (err) {
            if (!isUniqueViolation(err)) throw err;
            await c.query('ROLLBACK');
            return 'conflict';
          }
          if (req.rollups.kind === 'deferred') {
            await pipeline([req.rollups.rows], c.query(copyFrom(copyInto('ts_rollup_batches', 'stdin'))));
          } else {
            await pipeline([req.rollups.rows], c.query(copyFrom(copyInto('ingest_rollup', 'stdin'))));
            await c.query(WRITE_ROLLUPS, zones);
          }
          inserted = req.sampleRows;
        } else if (req.samples) {
          await pipeline([req.samples], c.query(copyFrom(copyInto('ingest_stage', 'stdin'))));
          const res = await c.query<{ inserted: number }>(WRITE_SAMPLES_CHECKED, zones);
          inserted = res.rows[0]?.inserted ?? 0;
        }
        if (req.quarantine) await c.query(WRITE_QUARANTINE, [req.quarantine]);
        await c.query('COMMIT');
        return inserted;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  }

  async roll(z: RollupZones, ownBatches: () => OwnBatches, paced = false): Promise<RollResult | null> {
    return this.run(async (c) => {
      await c.query('BEGIN');
      try {
        const lock = await c.query<{ locked: boolean }>(TRY_ROLLER_LOCK);
        if (!lock.rows[0]?.locked) {
          await c.query('ROLLBACK');
          return null;
        }
        await c.query(`SET LOCAL work_mem = '${ROLL_WORK_MEM}'`);
        const rolled = await rollPending(
          {
            query: async <T extends Record<string, unknown>>(sql: string, params: unknown[]) =>
              (await c.query<T>(sql, params)).rows,
            copy: (table, rows) => pipeline([rows], c.query(copyFrom(copyInto(table, 'stdin')))),
          },
          z,
          ownBatches(),
          paced ? this.pace : null,
        );
        await c.query('COMMIT');
        if (rolled.taken > 0) await c.query(VACUUM_PENDING);
        return rolled;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  }

  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.run(async (c) => (await c.query<T>(sql, params)).rows);
  }

  async close(): Promise<void> {
    this.client?.release();
    this.client = null;
  }

  private async run<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.connect();
    try {
      return await fn(c);
    } catch (err) {
      // Only a statement error leaves the session usable; a lost or terminated one is replaced.
      const statementError = err instanceof Error && 'severity' in err && err.severity === 'ERROR';
      if (!statementError && c === this.client) this.drop(err);
      throw err;
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    const c = await this.pool.connect();
    c.on('error', (err) => {
      if (this.client === c) this.drop(err);
    });
    try {
      await c.query(CREATE_STAGING);
    } catch (err) {
      c.release(err instanceof Error ? err : true);
      throw err;
    }
    this.client = c;
    return c;
  }

  private drop(err: unknown): void {
    const c = this.client;
    this.client = null;
    c?.release(err instanceof Error ? err : true);
  }
}
