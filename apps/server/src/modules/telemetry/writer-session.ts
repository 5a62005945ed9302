/** What one ingest transaction sends: staged samples (binary COPY) and quarantine entries. */
export type WriteRequest = {
  /** Binary COPY of the samples, or null when the batch holds only quarantine entries. */
  samples: Buffer<ArrayBuffer> | null;
  /** Points outside the default zone, with their station's zone (daily roll-ups). */
  zonePointIds: number[];
  zoneNames: string[];
  defaultZone: string;
  /** JSON array of quarantine entries, or null. */
  quarantine: string | null;
};

/**
 * The ingest's own connection to the database (PostgreSQL or PGlite): one transaction per
 * batch, and the catalogue queries and DDL of partition upkeep. Calls never overlap.
 */
export interface WriterSession {
  /** Runs one batch in one transaction; resolves with the number of samples newly stored. */
  write(req: WriteRequest): Promise<number>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}
