import { DAY_MS } from './ingest-batch';
import type { WriterSession } from './writer-session';

const NAME = /^ts_msg_(\d{4})(\d{2})(\d{2})$/;

/** ts_msg_YYYYMMDD: the partition holding one UTC day. */
export const partitionName = (day: number): string =>
  `ts_msg_${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;

const dayOf = (name: string): number | null => {
  const m = NAME.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : null;
};

/**
 * DDL on ts_msg waits for every lock on it (a long pg_dump holds one for its whole run), and
 * while it waits every insert queues behind it: give up after this and try again later.
 */
const DDL_LOCK_TIMEOUT = `SET lock_timeout = '1s'`;

/** Another instance created the same partition at the same moment. */
const alreadyThere = (err: unknown): boolean =>
  err instanceof Error && 'code' in err && (err.code === '42P07' || err.code === '23505');

/**
 * Daily partitions of ts_msg (raw samples): created on demand for the days samples arrive for (and
 * remembered), dropped once wholly older than the raw retention. Roll-ups are separate
 * tables and stay. DDL runs on a session of its own, one statement at a time, never inside
 * a writer's transaction (it waits for those to commit).
 */
export class PartitionManager {
  private readonly known = new Set<number>();
  private lane: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly session: WriterSession,
    private readonly retentionDays: number,
  ) {}

  /** Learns the partitions that exist. */
  load(): Promise<void> {
    return this.serial(() => this.read());
  }

  private async read(): Promise<void> {
    const rows = await this.session.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'ts_msg'::regclass`,
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

  /** Creates the partitions of these UTC days that do not exist yet. */
  async ensure(days: Iterable<number>): Promise<void> {
    const missing = [...days].filter((d) => !this.known.has(d));
    if (missing.length > 0) await this.serial(() => this.create(missing));
  }

  private async create(days: number[]): Promise<void> {
    for (const day of days) {
      if (this.known.has(day)) continue;
      const from = new Date(day * DAY_MS).toISOString();
      const to = new Date((day + 1) * DAY_MS).toISOString();
      try {
        await this.session.query(DDL_LOCK_TIMEOUT);
        await this.session.query(
          `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF ts_msg FOR VALUES FROM ('${from}') TO ('${to}')`,
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
  dropExpired(now: number): Promise<string[]> {
    return this.serial(() => this.drop(now));
  }

  private async drop(now: number): Promise<string[]> {
    await this.read();
    const cutoff = now - this.retentionDays * DAY_MS;
    const dropped: string[] = [];
    for (const day of [...this.known].sort((a, b) => a - b)) {
      if ((day + 1) * DAY_MS > cutoff) break;
      const name = partitionName(day);
      await this.session.query(DDL_LOCK_TIMEOUT);
      await this.session.query(`DROP TABLE IF EXISTS ${name}`);
      this.known.delete(day);
      dropped.push(name);
    }
    return dropped;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lane.then(fn);
    this.lane = run.catch(() => {});
    return run;
  }
}
