import { setTimeout as sleep } from 'node:timers/promises';
import { encodeQuarterHours, encodeSampleArrays, MessageEncoder } from './copy-binary';
import type { IngestBatch } from './ingest-batch';
import type { PartitionManager } from './partitions';
import { quarterHours } from './quarter-hours';
import type { RollupAccumulator } from './rollup-accumulator';
import type { WriteRequest, WriterSession } from './writer-session';

export type LaneOptions = {
  batchRows: number;
  flushMs: number;
  now: () => number;
  /**
   * A batch with at least this many (point, quarter-hour) aggregates leaves its roll-ups to the
   * roller (its samples in ts_rollup_batches); a smaller one merges them into the roll-ups in
   * its own transaction, unless the roller is busy (LaneHooks.rollerBusy).
   */
  inlineRollupRows: number;
  /** Test hook: runs before every write attempt; throwing makes the attempt fail. */
  beforeWrite?: () => void | Promise<void>;
};

export type LaneHooks = {
  newBatch: () => IngestBatch;
  /** Last additions before the batch is written (virtual points); returns how many. */
  seal: (batch: IngestBatch) => number;
  defaultZone: () => string;
  /** `deferred`: the batch's samples wait in ts_rollup_batches for the roller. */
  committed: (batch: IngestBatch, inserted: number, virtual: number, ms: number, deferred: boolean) => void;
  /** The batch was given up (only at close, after the close timeout). */
  abandoned: (batch: IngestBatch, err: unknown) => void;
  /** A write attempt failed (it is retried); `conflict` when the fast form met stored samples. */
  failed: (err: unknown, attempt: number, rows: number) => void;
  conflict: () => void;
  /** After each batch, committed or abandoned: room for waiting messages. */
  settled: () => void;
  /** Roll-up deltas are pending or rolling: every batch leaves its own to the roller too. */
  rollerBusy: () => boolean;
  /** Names the batches left to the roller and aggregates them once committed (shared by the lanes). */
  accumulator: RollupAccumulator;
};

/** Batches written in the checked form after one met stored samples (a device resending). */
const CHECKED_AFTER_CONFLICT = 20;

const backoffMs = (attempt: number) => Math.min(5000, 50 * 2 ** Math.min(attempt, 7)) * (0.75 + Math.random() / 2);

/**
 * One writer: a batch filling while the previous one is written, on its own database
 * session, one transaction at a time. The ingest shards devices over its lanes, so lanes
 * never touch the same rows of ts_latest or the roll-ups. A failed write is retried with
 * backoff until it commits (or, at close, until the close deadline).
 */
export class IngestLane {
  private current: IngestBatch;
  private inFlight: IngestBatch | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** A flush is wanted even without messages (virtual points of this lane are stale). */
  private wanted = false;
  private checkedBatches = 0;
  private readonly messages = new MessageEncoder();
  private closeDeadline = Number.POSITIVE_INFINITY;

  constructor(
    private readonly session: WriterSession,
    private readonly partitions: PartitionManager,
    private readonly options: LaneOptions,
    private readonly hooks: LaneHooks,
  ) {
    this.current = hooks.newBatch();
  }

  /** The batch now filling. */
  get batch(): IngestBatch {
    return this.current;
  }

  get pendingRows(): number {
    return this.current.weight + (this.inFlight?.weight ?? 0);
  }

  /** Something was added to the batch: flush in time. */
  kick(): void {
    if (this.current.openedAt === 0) this.current.openedAt = this.options.now();
    this.schedule();
  }

  /**
   * A flush is wanted although nothing may have been added (virtual points of this lane went
   * stale). Never flushes synchronously: the caller may be in the middle of filling a batch.
   */
  want(): void {
    this.wanted = true;
    if (this.current.openedAt === 0) this.current.openedAt = this.options.now();
    if (!this.flushing) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, this.options.flushMs);
    }
  }

  /** Writes everything taken, retrying until `deadline` (epoch ms). */
  async drain(deadline: number): Promise<void> {
    this.closeDeadline = deadline;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing || !this.current.empty) {
      if (this.flushing) await this.flushing;
      else this.startFlush();
    }
  }

  private schedule(): void {
    if (this.flushing || (this.current.empty && !this.wanted)) return;
    const age = this.options.now() - this.current.openedAt;
    if (this.current.weight >= this.options.batchRows || age >= this.options.flushMs || this.closing) {
      this.startFlush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, this.options.flushMs - age);
  }

  private get closing(): boolean {
    return this.closeDeadline !== Number.POSITIVE_INFINITY;
  }

  /** One flush at a time; the next is scheduled when it has settled (always asynchronously). */
  private startFlush(): void {
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      this.hooks.settled();
      this.schedule();
    });
  }

  private async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wanted = false;
    const batch = this.current;
    this.current = this.hooks.newBatch();
    this.inFlight = batch;
    const virtual = this.hooks.seal(batch);
    const started = this.options.now();
    try {
      if (!batch.empty) {
        const { inserted, deferred } = await this.writeWithRetry(batch);
        this.hooks.committed(batch, inserted, virtual, this.options.now() - started, deferred);
      }
    } catch (err) {
      this.hooks.abandoned(batch, err);
    } finally {
      this.inFlight = null;
    }
  }

  private async writeWithRetry(batch: IngestBatch): Promise<{ inserted: number; deferred: boolean }> {
    let request: WriteRequest | null = null;
    const { accumulator } = this.hooks;
    const settleWithout = () => {
      if (request?.rollups?.kind === 'deferred') accumulator.dropped(request.rollups.batchId);
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.beforeWrite?.();
        await this.partitions.ensure(batch.days);
        if (!request) {
          const made = this.request(batch, this.checkedBatches === 0);
          request = made.request;
          // A device resending within the batch is a resend like any other: checked for a while.
          if (made.resent) this.resent();
        }
        const result = await this.session.write(request);
        if (result !== 'conflict') {
          if (this.checkedBatches > 0) this.checkedBatches--;
          const rollups = request.rollups;
          if (rollups?.kind === 'deferred') {
            accumulator.committed(rollups.batchId, batch.pointIds, batch.ts, batch.values, batch.rows);
          }
          return { inserted: result, deferred: rollups?.kind === 'deferred' };
        }
        this.resent();
        settleWithout();
        request = { ...request, rollups: null };
        attempt = 0;
      } catch (err) {
        this.hooks.failed(err, attempt, batch.rows);
        this.partitions.forget(batch.days);
        if (this.options.now() >= this.closeDeadline) {
          settleWithout();
          throw err;
        }
        await sleep(backoffMs(attempt));
      }
    }
  }

  /** Stored samples came again (a conflict, or a point twice at one time in the batch). */
  private resent(): void {
    this.hooks.conflict();
    this.checkedBatches = CHECKED_AFTER_CONFLICT;
  }

  /** `resent`: the batch holds a point twice at one time, so it takes the checked form though `fast`. */
  private request(batch: IngestBatch, fast: boolean): { request: WriteRequest; resent: boolean } {
    const zonePointIds: number[] = [];
    const zoneNames: string[] = [];
    for (const d of batch.zoneDevices) {
      for (const p of d.points.values()) {
        zonePointIds.push(p.id);
        zoneNames.push(d.station.timezone);
      }
    }
    const encoded = batch.rows > 0 ? this.messages.encode(batch) : null;
    // A point twice at one time within the batch (a device resending before its first message was
    // stored): the in-memory aggregates would count it twice, the checked form counts what it stores.
    const resent = fast && (encoded?.duplicates ?? 0) > 0;
    const request: WriteRequest = {
      samples: encoded?.rows ?? null,
      sampleRows: encoded?.samples ?? 0,
      rollups: encoded && fast && !resent ? this.rollups(batch) : null,
      zonePointIds,
      zoneNames,
      defaultZone: this.hooks.defaultZone(),
      quarantine: batch.quarantined.length > 0 ? JSON.stringify(batch.quarantined) : null,
    };
    return { request, resent };
  }

  /** Merged in the batch's transaction if it is small and the roller idle, else left to the roller. */
  private rollups(batch: IngestBatch): NonNullable<WriteRequest['rollups']> {
    const deferred = () => {
      const batchId = this.hooks.accumulator.issue();
      return {
        kind: 'deferred' as const,
        rows: encodeSampleArrays(batchId, batch.pointIds, batch.ts, batch.values, batch.rows),
        batchId,
      };
    };
    if (this.hooks.rollerBusy()) return deferred();
    const aggregates = quarterHours(batch.pointIds, batch.ts, batch.values, batch.rows);
    if (aggregates.length >= this.options.inlineRollupRows) return deferred();
    return { kind: 'inline', rows: encodeQuarterHours(aggregates) };
  }
}
