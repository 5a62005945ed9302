import type { PGlite } from '@electric-sql/pglite';
import { encodeQuarterHours } from './copy-binary';
import {
  COUNT_OWN_BATCHES,
  CREATE_STAGING,
  copyInto,
  ROLL_PENDING,
  VACUUM_PENDING,
  WRITE_QUARANTINE,
  WRITE_ROLLUPS,
  WRITE_SAMPLES_CHECKED,
} from './ingest-sql';
import type { OwnBatches } from './rollup-accumulator';
import {
  isUniqueViolation,
  type RollResult,
  type RollupZones,
  rollParams,
  type WriteRequest,
  type WriteResult,
  type WriterSession,
} from './writer-session';

/** PGlite: the one embedded session, shared with Drizzle; COPY reads the rows from blobs. */
export class PgliteWriterSession implements WriterSession {
  private staged = false;

  constructor(private readonly client: PGlite) {}

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
          await tx.query(copyInto('ts_raw', 'blob'), [], { blob: new Blob([req.samples]) });
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
      // Only the samples' COPY can meet a stored sample: the transaction was rolled back.
      if (fast && isUniqueViolation(err)) return 'conflict';
      throw err;
    }
  }

  /** One process, one session: rolls never overlap, no lock needed. */
  async roll(z: RollupZones, ownBatches: () => OwnBatches): Promise<RollResult | null> {
    await this.stage();
    const result = await this.client.transaction(async (tx) => {
      const own = ownBatches();
      let used = own.accumulated;
      if (used) {
        const present = await tx.query<{ n: number }>(COUNT_OWN_BATCHES, [used.ids]);
        if (present.rows[0]?.n !== used.ids.length) used = null;
      }
      if (used) {
        await tx.query(copyInto('ingest_rollup', 'blob'), [], {
          blob: new Blob([encodeQuarterHours(used.quarterHours)]),
        });
      }
      const res = await tx.query<{ taken: number }>(ROLL_PENDING, rollParams(z, own, used));
      const fromMemory = used?.samples ?? 0;
      return { taken: (res.rows[0]?.taken ?? 0) + fromMemory, fromMemory };
    });
    if (result.taken > 0) await this.client.query(VACUUM_PENDING);
    return result;
  }

  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }

  async close(): Promise<void> {}
}
