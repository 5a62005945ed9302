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
  /** Points outside the default zone, with their station's zone (daily roll-ups). */
  zonePointIds: number[];
  zoneNames: string[];
  defaultZone: string;
  /** JSON array of quarantine entries, or null. */
  quarantine: string | null;
};

/** Samples newly stored, or `conflict`: the fast form met a stored sample and was rolled back. */
export type WriteResult = number | 'conflict';

/**
 * The ingest's own connection to the database (PostgreSQL or PGlite): one transaction per
 * batch, and the catalogue queries and DDL of partition upkeep. Calls never overlap.
 */
export interface WriterSession {
  write(req: WriteRequest): Promise<WriteResult>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** SQLSTATE 23505: the fast form's COPY met a sample already stored. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
