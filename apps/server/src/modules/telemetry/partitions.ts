import { DAY_MS } from './ingest-batch';
import type { WriterSession } from './writer-session';

const NAME = /^ts_raw_(\d{4})(\d{2})(\d{2})$/;

/** ts_raw_YYYYMMDD: the partition holding one UTC day. */
export const partitionName = (day: number): string =>
  `ts_raw_${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;

const dayOf = (name: string): number | null => {
  const m = NAME.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : null;
};

/** Another instance created the same partition at the same moment. */
const alreadyThere = (err: unknown): boolean =>
  err instanceof Error && 'code' in err && (err.code === '42P07' || err.code === '23505');

/**
 * Daily partitions of ts_raw: created on demand for the days samples arrive for (and
 * remembered), dropped once wholly older than the raw retention. Roll-ups are separate
 * tables and stay. Runs on the ingest's session, between batches.
 */
export class PartitionManager {
  private readonly known = new Set<number>();

  constructor(
    private readonly session: WriterSession,
    private readonly retentionDays: number,
  ) {}

  /** Learns the partitions that exist. */
  async load(): Promise<void> {
    const rows = await this.session.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'ts_raw'::regclass`,
    );
    this.known.clear();
    for (const r of rows) {
      const day = dayOf(r.name);
      if (day !== null) this.known.add(day);
    }
  }

  has(day: number): boolean {
    return this.known.has(day);
  }

  async ensure(days: Iterable<number>): Promise<void> {
    for (const day of days) {
      if (this.known.has(day)) continue;
      const from = new Date(day * DAY_MS).toISOString();
      const to = new Date((day + 1) * DAY_MS).toISOString();
      try {
        await this.session.query(
          `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF ts_raw FOR VALUES FROM ('${from}') TO ('${to}')`,
        );
      } catch (err) {
        if (!alreadyThere(err)) throw err;
      }
      this.known.add(day);
    }
  }

  /** After a failed write: the partitions may have been dropped by someone else. */
  forget(days: Iterable<number>): void {
    for (const d of days) this.known.delete(d);
  }

  /** Drops partitions whose whole day is older than the retention; returns their names. */
  async dropExpired(now: number): Promise<string[]> {
    await this.load();
    const cutoff = now - this.retentionDays * DAY_MS;
    const dropped: string[] = [];
    for (const day of [...this.known].sort((a, b) => a - b)) {
      if ((day + 1) * DAY_MS > cutoff) break;
      const name = partitionName(day);
      await this.session.query(`DROP TABLE IF EXISTS ${name}`);
      this.known.delete(day);
      dropped.push(name);
    }
    return dropped;
  }
}
