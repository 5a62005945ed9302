import type { OwnBatches } from './rollup-accumulator';

/** What one ingest transaction sends: samples and their aggregates (binary COPY), quarantine entries. */
export type WriteRequest = {
  /**
   * Binary COPY rows of ts_msg (copy-binary.ts MessageEncoder), or null when the batch holds
   * only quarantine entries; `sampleRows` the samples they hold.
   */
  samples: Buffer<ArrayBuffer> | null;
  sampleRows: number;
  /**
   * The fast form (rows COPYed straight into ts_msg) and how it keeps the roll-ups: `inline`,
   * binary COPY rows of ingest_rollup computed from `samples`, merged in this transaction;
   * `deferred`, one binary COPY row of ts_rollup_batches (the samples as arrays, named by
   * `batchId`) for the roller (a batch with many quarter-hour rows, or the roller busy). Null:
   * the checked form (staging table, samples already stored left out).
   */
  rollups:
    | { kind: 'inline'; rows: Buffer<ArrayBuffer> }
    | { kind: 'deferred'; rows: Buffer<ArrayBuffer>; batchId: number }
    | null;
  /** Points outside the default zone, with their station's zone (daily roll-ups). */
  zonePointIds: number[];
  zoneNames: string[];
  defaultZone: string;
  /** JSON array of quarantine entries, or null. */
  quarantine: string | null;
};

/** Zones for the daily roll-ups: points outside the default zone, with their station's zone. */
export type RollupZones = { zonePointIds: number[]; zoneNames: string[]; defaultZone: string };

/** Samples and deltas a roll took; `fromMemory` of them merged as this process's aggregates. */
export type RollResult = { taken: number; fromMemory: number };

/** Samples newly stored, or `conflict`: the fast form met a stored sample and was rolled back. */
export type WriteResult = number | 'conflict';

/**
 * The ingest's own connection to the database (PostgreSQL or PGlite): one transaction per
 * batch, and the catalogue queries and DDL of partition upkeep. Calls never overlap.
 */
export interface WriterSession {
  write(req: WriteRequest): Promise<WriteResult>;
  /**
   * Merges the pending roll-ups (one transaction, ROLL_PENDING); the samples and deltas
   * taken, or null when another roller holds the turn. `own` is asked once the turn is
   * held: this process's batches, whose aggregates are used if all their rows are still pending.
   * `paced`: a large roll may merge in parts with pauses (roll-pending.ts) where the session
   * has a connection of its own; a roll someone waits for (settle, shutdown) is not paced.
   */
  roll(zones: RollupZones, own: () => OwnBatches, paced?: boolean): Promise<RollResult | null>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A roll groups a few seconds of a fleet's samples in memory (the default 4 MB spills to disk). */
export const ROLL_WORK_MEM = '64MB';

/** SQLSTATE 23505: the fast form's COPY met a row already stored. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
