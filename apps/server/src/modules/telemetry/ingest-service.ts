import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_FUTURE_SKEW_MS, type ParsedTopic } from '@ess/contract';
import { encodeSamples } from './copy-binary';
import type { DeviceStatusTracker } from './device-status';
import { DAY_MS, type Done, IngestBatch } from './ingest-batch';
import { emptyStats, type IngestStats } from './ingest-stats';
import type { PartitionManager } from './partitions';
import type { PointRegistry } from './point-registry';
import type { QuarantineEntry } from './quarantine';
import type { DeviceReadings, TelemetryBus } from './telemetry-bus';
import { validateTelemetry } from './telemetry-validator';
import type { VirtualPointEngine } from './virtual-points';
import type { WriteRequest, WriterSession } from './writer-session';

export type IngestOptions = {
  /** Flush without waiting for the timer once this many rows wait. */
  batchRows: number;
  flushMs: number;
  /** Back-pressure: no new messages are taken while this many rows are not yet committed. */
  maxPendingRows: number;
  retentionDays: number;
  /** How long close() keeps retrying the last batches before giving up on them (unacknowledged). */
  closeTimeoutMs?: number;
  now?: () => number;
  /** Test hook: runs before every write attempt; throwing makes the attempt fail. */
  beforeWrite?: () => void | Promise<void>;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
type Waiting = { topic: string; parsed: ParsedTopic; payload: Buffer; done: Done };

export type IngestDeps = {
  registry: PointRegistry;
  session: WriterSession;
  partitions: PartitionManager;
  virtual: VirtualPointEngine;
  status: DeviceStatusTracker;
  bus: TelemetryBus;
  log: Log;
};

const backoffMs = (attempt: number) => Math.min(5000, 50 * 2 ** Math.min(attempt, 7)) * (0.75 + Math.random() / 2);

/**
 * Validates telemetry into batches and writes each batch in one transaction, one at a time.
 * A message's `done` runs only after the commit holding its samples (or its quarantine
 * rows), so the broker's acknowledgement means "stored". While a batch is written the next
 * one fills; past `maxPendingRows` new messages wait unparsed and the brokers stop reading
 * (saturation listeners), so a slow or absent database holds acknowledgements instead of
 * memory. Failed writes are retried with backoff until the database answers again.
 */
export class IngestService {
  private current: IngestBatch;
  private inFlight: IngestBatch | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiting: Waiting[] = [];
  private saturated = false;
  private closing = false;
  private closeDeadline = Number.POSITIVE_INFINITY;
  private lane: Promise<unknown> = Promise.resolve();
  private flushing: Promise<void> | null = null;
  private readonly counters = emptyStats();
  private readonly saturationListeners: ((saturated: boolean) => void)[] = [];
  private readonly now: () => number;

  constructor(
    private readonly deps: IngestDeps,
    private readonly options: IngestOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.current = this.newBatch();
  }

  /** A telemetry message; `done` runs after its data is committed (or with an error: no ack). */
  submitTelemetry(topic: string, parsed: ParsedTopic, payload: Buffer, done: Done): void {
    if (this.closing) {
      done(new Error('ingest is closing'));
      return;
    }
    if (this.saturated || this.waiting.length > 0) {
      this.waiting.push({ topic, parsed, payload, done });
      return;
    }
    this.accept({ topic, parsed, payload, done });
  }

  /** A rejected non-telemetry message (status, command ack): stored like any quarantine row. */
  submitQuarantine(entry: QuarantineEntry, done: Done): void {
    if (this.closing) {
      done(new Error('ingest is closing'));
      return;
    }
    this.current.quarantine(entry);
    this.current.dones.push(done);
    this.opened();
  }

  /** Called with true when the pending limit is reached and false when there is room again. */
  onSaturation(listener: (saturated: boolean) => void): void {
    this.saturationListeners.push(listener);
  }

  stats(): IngestStats {
    return {
      ...this.counters,
      quarantined: { ...this.counters.quarantined },
      pendingRows: this.pendingRows(),
      waitingMessages: this.waiting.length,
      saturated: this.saturated,
    };
  }

  /** Runs `fn` on the ingest's session between batches (partition upkeep). */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lane.then(fn);
    this.lane = run.catch(() => {});
    return run;
  }

  /** Stops taking messages, writes what was taken (retrying until the close timeout). */
  async close(): Promise<void> {
    if (this.closing) return this.flushing ?? undefined;
    this.closing = true;
    this.closeDeadline = this.now() + (this.options.closeTimeoutMs ?? 5000);
    for (const w of this.waiting.splice(0)) w.done(new Error('ingest is closing'));
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing || !this.current.empty) {
      if (this.flushing) await this.flushing;
      else this.flushing = this.flush();
    }
  }

  private newBatch(): IngestBatch {
    return new IngestBatch(this.deps.registry.snapshot.defaultTimezone, this.deps.virtual.observe);
  }

  private pendingRows(): number {
    return this.current.weight + (this.inFlight?.weight ?? 0);
  }

  private accept(w: Waiting): void {
    const now = this.now();
    const window = { oldest: now - this.options.retentionDays * DAY_MS, newest: now + MAX_FUTURE_SKEW_MS };
    validateTelemetry(this.deps.registry.snapshot, w.topic, w.parsed, w.payload, window, this.current);
    this.current.messages++;
    this.current.dones.push(w.done);
    this.counters.messages++;
    this.opened();
  }

  private opened(): void {
    if (this.current.openedAt === 0) this.current.openedAt = this.now();
    this.updateSaturation();
    this.schedule();
  }

  private schedule(): void {
    if (this.flushing || this.current.empty) return;
    const age = this.now() - this.current.openedAt;
    if (this.closing || this.current.weight >= this.options.batchRows || age >= this.options.flushMs) {
      this.flushing = this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, this.options.flushMs - age);
  }

  private async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.current;
    this.current = this.newBatch();
    this.inFlight = batch;
    const virtual = this.deps.virtual.compute(batch);
    const started = this.now();
    try {
      const inserted = await this.serial(() => this.writeWithRetry(batch));
      this.committed(batch, inserted, virtual, this.now() - started);
    } catch (err) {
      // Only when closing: the batch is given up unacknowledged, so devices and brokers resend it.
      this.deps.log.error({ err, rows: batch.rows }, 'ingest batch abandoned at close');
      for (const done of batch.dones) done(err instanceof Error ? err : new Error(String(err)));
    } finally {
      this.inFlight = null;
      this.flushing = null;
    }
    this.updateSaturation();
    this.admitWaiting();
    this.schedule();
  }

  private async writeWithRetry(batch: IngestBatch): Promise<number> {
    let request: WriteRequest | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.beforeWrite?.();
        await this.deps.partitions.ensure(batch.days);
        request ??= this.request(batch);
        return await this.deps.session.write(request);
      } catch (err) {
        this.counters.failedWrites++;
        this.counters.lastError = err instanceof Error ? err.message : String(err);
        this.deps.partitions.forget(batch.days);
        if (this.closing && this.now() >= this.closeDeadline) throw err;
        if (attempt === 1 || attempt % 20 === 0) {
          this.deps.log.warn({ err, attempt, rows: batch.rows }, 'ingest write failed; retrying');
        }
        await sleep(backoffMs(attempt));
      }
    }
  }

  private request(batch: IngestBatch): WriteRequest {
    const zonePointIds: number[] = [];
    const zoneNames: string[] = [];
    for (const d of batch.zoneDevices) {
      for (const p of d.points.values()) {
        zonePointIds.push(p.id);
        zoneNames.push(d.station.timezone);
      }
    }
    return {
      samples: batch.rows > 0 ? encodeSamples(batch.pointIds, batch.ts, batch.values, batch.rows) : null,
      zonePointIds,
      zoneNames,
      defaultZone: this.deps.registry.snapshot.defaultTimezone,
      quarantine: batch.quarantined.length > 0 ? JSON.stringify(batch.quarantined) : null,
    };
  }

  private committed(batch: IngestBatch, inserted: number, virtual: number, ms: number): void {
    const c = this.counters;
    c.batches++;
    c.samples += inserted;
    c.duplicates += batch.rows - inserted;
    c.virtualSamples += virtual;
    c.lastBatchRows = batch.weight;
    c.lastBatchMs = ms;
    for (const q of batch.quarantined) c.quarantined[q.reason]++;
    for (const done of batch.dones) done();
    try {
      if (batch.devices.size > 0) {
        const readings: DeviceReadings[] = [];
        for (const { device, values } of batch.devices.values()) {
          readings.push({ stationId: device.station.id, deviceId: device.id, values });
        }
        this.deps.bus.emit('committed', readings);
      }
      this.deps.status.seen(batch.seen);
    } catch (err) {
      this.deps.log.error({ err }, 'telemetry listener failed');
    }
  }

  private admitWaiting(): void {
    let n = 0;
    while (n < this.waiting.length && !this.saturated && !this.closing) {
      const w = this.waiting[n++];
      if (w) this.accept(w);
    }
    this.waiting.splice(0, n);
  }

  private updateSaturation(): void {
    const pending = this.pendingRows();
    // Resume only with half the room free, so acknowledgements are released in useful chunks.
    const next = this.saturated ? pending >= this.options.maxPendingRows / 2 : pending >= this.options.maxPendingRows;
    this.counters.saturated = next;
    if (next === this.saturated) return;
    this.saturated = next;
    for (const l of this.saturationListeners) l(next);
  }
}
