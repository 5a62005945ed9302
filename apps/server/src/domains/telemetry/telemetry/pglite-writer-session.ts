import type { PGlite } from '@electric-sql/pglite';
import {
  CREATE_STAGING,
  copyInto,
  VACUUM_PENDING,
  WRITE_QUARANTINE,
  WRITE_ROLLUPS,
  WRITE_SAMPLES_CHECKED,
} from './ingest-sql';
import { type RollPace, rollPending } from './roll-pending';
import type { OwnBatches } from './rollup-accumulator';
import {
  isUniqueViolation,
  type RollResult,
  type RollupZones,
  type WriteRequest,
  type WriteResult,
  type WriterSession,
} from './writer-session';

/** PGlite: the one embedded session, shared with Drizzle; COPY reads the rows from blobs. */
export class PgliteWriterSession implements WriterSession {
  private staged = false;

  constructor(
    private readonly client: PGlite,
    /**
     * A roll's pace; none by default: a pause inside the one session's transaction would hold
     * every other query and the ingest (tests pass one to run the paced form here too).
     */
    private readonly pace: RollPace | null = null,
  ) {}

  /** The session's staging tables (the roll COPYs its aggregates into ingest_rollup). */
  private async stage(): Promise<void> {
    if (this.staged) return;
    await this.client.exec(CREATE_STAGING);
    this.staged = true;
  }

  async write(req: WriteRequest): Promise<WriteResult> {
    await this.stage();
    const zones = [req.zonePointIds, req.zoneNames, req.defaultZone];
    const fast = req.samples !== null && req.rollups !== null;
    try {
      return await this.client.transaction(async (tx) => {
        let inserted = 0;
        if (req.samples && req.rollups) {
          await tx.query(copyInto('ts_msg', 'blob'), [], { blob: new Blob([req.samples]) });
          if (req.rollups.kind === 'deferred') {
            await tx.query(copyInto('ts_rollup_batches', 'blob'), [], { blob: new Blob([req.rollups.rows]) });
          } else {
            await tx.query(copyInto('ingest_rollup', 'blob'), [], { blob: new Blob([req.rollups.rows]) });
            await tx.query(WRITE_ROLLUPS, zones);
          }
          inserted = req.sampleRows;
        } else if (req.samples) {
          await tx.query(copyInto('ingest_stage', 'blob'), [], { blob: new Blob([req.samples]) });
          const res = await tx.query<{ inserted: number }>(WRITE_SAMPLES_CHECKED, zones);
          inserted = res.rows[0]?.inserted ?? 0;
        }
        if (req.quarantine) await tx.query(WRITE_QUARANTINE, [req.quarantine]);
        return inserted;
      });
    } catch (err) {
      // Only the samples' COPY can meet a stored row: the transaction was rolled back.
      if (fast && isUniqueViolation(err)) return 'conflict';
      throw err;
    }
  }

  /** One process, one session: rolls never overlap, no lock needed. */
  async roll(z: RollupZones, ownBatches: () => OwnBatches, paced = false): Promise<RollResult | null> {
    await this.stage();
    const result = await this.client.transaction((tx) =>
      rollPending(
        {
          query: async <T extends Record<string, unknown>>(sql: string, params: unknown[]) =>
            (await tx.query<T>(sql, params)).rows,
          copy: async (table, rows) => {
            await tx.query(copyInto(table, 'blob'), [], { blob: new Blob([rows]) });
          },
        },
        z,
        ownBatches(),
        paced ? this.pace : null,
      ),
    );
    if (result.taken > 0) await this.client.query(VACUUM_PENDING);
    return result;
  }

  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }

  async close(): Promise<void> {}
}
