import type { AlarmChange } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import {
  insertRaised,
  type RaisedEvent,
  type RecoveredEvent,
  recoverKeys,
  unconfirmedCounts,
  type Written,
} from './alarm-store.repository';

type Op = { raise: RaisedEvent } | { recover: RecoveredEvent };
type Log = { warn: (obj: object, msg: string) => void };

const RETRY_MS = 1_000;

/**
 * Writes the engine's raises and recoveries in batches: everything queued while a write runs goes
 * into the next one, so a storm of thousands is a few multi-row statements. Order is kept (a
 * recovery and a new raise of one key in one batch are written in that order). After each
 * batch the affected stations' unconfirmed counts are pushed on the bus.
 */
export class AlarmWriter {
  private queue: Op[] = [];
  private running: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
    private readonly log: Log,
  ) {}

  raise(e: RaisedEvent): void {
    this.push({ raise: e });
  }

  recover(e: RecoveredEvent): void {
    this.push({ recover: e });
  }

  /** Resolves when everything queued so far is written (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running || (this.queue.length > 0 && !this.closed)) {
      if (!this.running) this.schedule();
      await this.running;
    }
  }

  async close(): Promise<void> {
    await this.drain().catch(() => {});
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
  }

  private push(op: Op): void {
    if (this.closed) return;
    this.queue.push(op);
    if (!this.running && !this.retry) queueMicrotask(() => this.schedule());
  }

  private schedule(): void {
    if (this.running || this.queue.length === 0) return;
    const ops = this.queue;
    this.queue = [];
    this.running = this.write(ops)
      .catch((err: unknown) => {
        // Kept in order before anything queued since; the database may be down for a while.
        this.queue = [...ops, ...this.queue];
        this.log.warn({ err, events: ops.length }, 'alarm events not saved; will retry');
        this.retry = setTimeout(() => {
          this.retry = null;
          this.schedule();
        }, RETRY_MS);
        this.retry.unref();
      })
      .finally(() => {
        this.running = null;
        if (!this.retry) this.schedule();
      });
  }

  private async write(ops: Op[]): Promise<void> {
    const changes: { change: AlarmChange; rows: Written[] }[] = [];
    // Runs of one kind, in order.
    const runs: ({ raise: RaisedEvent[] } | { recover: RecoveredEvent[] })[] = [];
    for (const op of ops) {
      const last = runs.at(-1);
      if ('raise' in op) {
        if (last && 'raise' in last) last.raise.push(op.raise);
        else runs.push({ raise: [op.raise] });
      } else if (last && 'recover' in last) last.recover.push(op.recover);
      else runs.push({ recover: [op.recover] });
    }
    for (const run of runs) {
      if ('raise' in run) changes.push({ change: 'raised', rows: await insertRaised(this.db, run.raise) });
      else changes.push({ change: 'recovered', rows: await recoverKeys(this.db, run.recover) });
    }
    await pushChanges(this.db, this.bus, changes);
  }
}

/** Emits one bus event per station and kind of change, with the station's unconfirmed count. */
export async function pushChanges(
  db: Db,
  bus: TelemetryBus,
  changes: { change: AlarmChange; rows: Written[] }[],
): Promise<void> {
  const stations = [...new Set(changes.flatMap((c) => c.rows.map((r) => r.stationId)))];
  if (stations.length === 0) return;
  const counts = await unconfirmedCounts(db, stations);
  for (const { change, rows } of changes) {
    const byStation = new Map<number, number[]>();
    for (const r of rows) {
      const ids = byStation.get(r.stationId);
      if (ids) ids.push(r.id);
      else byStation.set(r.stationId, [r.id]);
    }
    for (const [stationId, eventIds] of byStation) {
      bus.emit('alarm', { stationId, change, eventIds, count: counts.get(stationId) ?? 0 });
    }
  }
}
