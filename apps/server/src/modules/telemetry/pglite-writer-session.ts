import type { PGlite } from '@electric-sql/pglite';
import { COPY_STAGE_BLOB, CREATE_STAGE, WRITE_QUARANTINE, WRITE_SAMPLES } from './ingest-sql';
import type { WriteRequest, WriterSession } from './writer-session';

/** PGlite: the one embedded session, shared with Drizzle; COPY reads the samples from a blob. */
export class PgliteWriterSession implements WriterSession {
  private staged = false;

  constructor(private readonly client: PGlite) {}

  async write(req: WriteRequest): Promise<number> {
    await this.stage();
    return this.client.transaction(async (tx) => {
      let inserted = 0;
      if (req.samples) {
        await tx.query(COPY_STAGE_BLOB, [], { blob: new Blob([req.samples]) });
        const res = await tx.query<{ inserted: number }>(WRITE_SAMPLES, [
          req.zonePointIds,
          req.zoneNames,
          req.defaultZone,
        ]);
        inserted = res.rows[0]?.inserted ?? 0;
      }
      if (req.quarantine) await tx.query(WRITE_QUARANTINE, [req.quarantine]);
      return inserted;
    });
  }

  async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.client.query<T>(sql, params)).rows;
  }

  async close(): Promise<void> {}

  private async stage(): Promise<void> {
    if (this.staged) return;
    await this.client.exec(CREATE_STAGE);
    this.staged = true;
  }
}
