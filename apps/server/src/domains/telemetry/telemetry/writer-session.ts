/** What one ingest transaction sends: samples and their aggregates (binary COPY), quarantine entries. */
export type WriteRequest = {
  /** Binary COPY rows (point_id, ts, value), or null when the batch holds only quarantine entries. */
  samples: Buffer<ArrayBuffer> | null;
  sampleRows: number;
  /**
   * Binary COPY rows of ingest_rollup computed from `samples`: the fast form (samples COPYed
   * straight into ts_raw). Null: the checked form (staging table, ON CONFLICT DO NOTHING).
   */
  quarterHours: Buffer<ArrayBuffer> | null;
  /**
   * Fast form only: the aggregates go to ts_rollup_pending for the roller instead of being
   * merged into the roll-ups in this transaction (a batch with many quarter-hour rows).
   */
  deferRollups: boolean;
  /** Points outside the default zone, with their station's zone (daily roll-ups). */
  zonePointIds: number[];
  zoneNames: string[];
  defaultZone: string;
  /** JSON array of quarantine entries, or null. */
  quarantine: string | null;
};

/** Zones for the daily roll-ups: points outside the default zone, with their station's zone. */
export type RollupZones = { zonePointIds: number[]; zoneNames: string[]; defaultZone: string };

/** Samples newly stored, or `conflict`: the fast form met a stored sample and was rolled back. */
export type WriteResult = number | 'conflict';

/**
 * The ingest's own connection to the database (PostgreSQL or PGlite): one transaction per
 * batch, and the catalogue queries and DDL of partition upkeep. Calls never overlap.
 */
export interface WriterSession {
  write(req: WriteRequest): Promise<WriteResult>;
  /**
   * Merges the pending roll-up deltas (one transaction, ROLL_PENDING); the number taken, or
   * null when another roller holds the turn.
   */
  roll(zones: RollupZones): Promise<number | null>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A roll groups a few seconds of a fleet's deltas in memory (the default 4 MB spills to disk). */
export const ROLL_WORK_MEM = '64MB';

/** SQLSTATE 23505: the fast form's COPY met a sample already stored. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
