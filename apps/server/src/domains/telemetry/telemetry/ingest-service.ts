import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_FUTURE_SKEW_MS, type ParsedTopic } from '@ess/contract';
import type { DeviceReadings, TelemetryBus } from '../../../kernel/telemetry-bus';
import type { DeviceStatusTracker } from './device-status';
import { DAY_MS, type Done, IngestBatch } from './ingest-batch';
import { IngestLane } from './ingest-lane';
import { emptyStats, type IngestStats } from './ingest-stats';
import type { PartitionManager } from './partitions';
import type { PointCaps } from './point-caps';
import type { PointRegistry } from './point-registry';
import { payloadText, type QuarantineEntry, quarantineEntry } from './quarantine';
import { RollupAccumulator } from './rollup-accumulator';
import { validateInTurns } from './telemetry-in-turns';
import { type TimeWindow, type ValidationSink, validateTelemetry } from './telemetry-validator';
import type { VirtualPointEngine } from './virtual-points';
import type { WriterSession } from './writer-session';

export type IngestOptions = {
  /** Flush without waiting for the timer once this many rows wait (per lane). */
  batchRows: number;
  flushMs: number;
  /** Batches with this many (point, quarter-hour) aggregates leave them to the roller. */
  inlineRollupRows: number;
  /** Back-pressure: no new messages are taken while this many rows are not yet committed. */
  maxPendingRows: number;
  retentionDays: number;
  /** Most point codes a sample and a message may hold; more is refused whole (`tooManyPoints`). */
  caps: PointCaps;
  /** How long close() keeps retrying the last batches before giving up on them (unacknowledged). */
  closeTimeoutMs?: number;
  now?: () => number;
  /** Test hook: runs before every write attempt; throwing makes the attempt fail. */
  beforeWrite?: () => void | Promise<void>;
};

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
type Waiting = { topic: string; parsed: ParsedTopic; payload: Buffer; done: Done };

/**
 * Payloads up to this size are checked in one turn with JSON.parse (a 50-point sample takes
 * about 1 KB); larger ones a slice at a time (telemetry-in-turns.ts). JSON.parse is slow on
 * codes it has not seen (a hidden class per new key sequence): 8 KB of new codes took up to
 * 6 ms of CPU here, 64 KB up to 70 ms.
 */
const ONE_TURN_BYTES = 8 << 10;
/**
 * Back-pressure on large messages too: with this many bytes of them waiting to be read, no new
 * message is taken (an external broker may deliver thousands at once).
 */
const MAX_QUEUED_BYTES = 64 << 20;

/**
 * The acknowledgement of a message whose results went into several batches: it runs once
 * every one of them has settled and the message is complete, with the first error if any.
 */
class SplitDone {
  private open = 1;
  private error: Error | undefined;

  constructor(private readonly done: Done) {}

  part(): Done {
    this.open++;
    return (err) => this.settle(err);
  }

  /** The message is complete: no more parts. */
  seal(): void {
    this.settle();
  }

  private settle(err?: Error): void {
    if (err) this.error ??= err;
    if (--this.open === 0) this.done(this.error);
  }
}

export type IngestDeps = {
  registry: PointRegistry;
  /** One session per writer lane (PGlite: exactly one). */
  sessions: WriterSession[];
  partitions: PartitionManager;
  virtual: VirtualPointEngine;
  status: DeviceStatusTracker;
  bus: TelemetryBus;
  log: Log;
  /** A batch left its samples in ts_rollup_batches for the roll-ups (the roller takes them). */
  rollupsDeferred: () => void;
  /** Deltas are pending or rolling: small batches leave theirs too (RollupRoller.busy). */
  rollerBusy?: () => boolean;
  /**
   * The aggregates of the batches left to the roller, shared with this process's roller; without
   * one the service keeps its own, and a roller that does not share it unnests their rows.
   */
  accumulator?: RollupAccumulator;
};

/**
 * Validates telemetry into batches and writes them through writer lanes (devices are sharded
 * over the lanes; each lane writes one transaction at a time while its next batch fills). A
 * message's `done` runs only after the commit holding its samples (or its quarantine rows),
 * so the broker's acknowledgement means "stored". Past `maxPendingRows` uncommitted rows, new
 * messages wait unparsed and the brokers stop reading (saturation listeners), so a slow or
 * absent database holds acknowledgements instead of memory; lanes retry failed writes until
 * the database answers again.
 */
export class IngestService {
  private readonly lanes: IngestLane[];
  private readonly waiting: Waiting[] = [];
  /**
   * Large messages are checked one after the other, a slice a turn (several at once would put
   * a slice each into the same turn); close() lets them finish. Never rejects.
   */
  private inTurns: Promise<void> = Promise.resolve();
  private queuedBytes = 0;
  private saturated = false;
  private closing = false;
  private readonly counters = emptyStats();
  private readonly saturationListeners: ((saturated: boolean) => void)[] = [];
  private readonly now: () => number;

  constructor(
    private readonly deps: IngestDeps,
    private readonly options: IngestOptions,
  ) {
    this.now = options.now ?? Date.now;
    const { registry, virtual, partitions, log } = deps;
    const accumulator = deps.accumulator ?? new RollupAccumulator();
    this.lanes = deps.sessions.map(
      (session, index) =>
        new IngestLane(
          session,
          partitions,
          {
            batchRows: options.batchRows,
            flushMs: options.flushMs,
            inlineRollupRows: options.inlineRollupRows,
            now: this.now,
            beforeWrite: options.beforeWrite,
          },
          {
            newBatch: () => new IngestBatch(registry.snapshot.defaultTimezone, virtual.observe),
            seal: (batch) => virtual.compute(batch, (device) => this.laneOf(device.id) === index),
            defaultZone: () => registry.snapshot.defaultTimezone,
            rollerBusy: () => deps.rollerBusy?.() ?? false,
            accumulator,
            committed: (batch, inserted, virtualRows, ms, deferred) => {
              if (deferred) deps.rollupsDeferred();
              this.committed(batch, inserted, virtualRows, ms);
            },
            abandoned: (batch, err) => {
              // Only when closing: unacknowledged, so devices and brokers send it again.
              log.error({ err, rows: batch.rows }, 'ingest batch abandoned at close');
              for (const done of batch.dones) done(err instanceof Error ? err : new Error(String(err)));
            },
            failed: (err, attempt, rows) => {
              this.counters.failedWrites++;
              this.counters.lastError = err instanceof Error ? err.message : String(err);
              if (attempt === 1 || attempt % 20 === 0)
                log.warn({ err, attempt, rows }, 'ingest write failed; retrying');
            },
            conflict: () => {
              this.counters.conflicts++;
            },
            settled: () => {
              this.updateSaturation();
              this.admitWaiting();
            },
          },
        ),
    );
    virtual.onStale((device) => this.lanes[this.laneOf(device.id)]?.want());
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
    const lane = this.lanes[0];
    if (!lane) return;
    lane.batch.quarantine(entry);
    lane.batch.dones.push(done);
    lane.kick();
    this.updateSaturation();
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

  /** Stops taking messages, writes what was taken (retrying until the close timeout). */
  async close(): Promise<void> {
    this.closing = true;
    for (const w of this.waiting.splice(0)) w.done(new Error('ingest is closing'));
    await this.inTurns;
    const deadline = this.now() + (this.options.closeTimeoutMs ?? 5000);
    await Promise.all(this.lanes.map((l) => l.drain(deadline)));
  }

  private laneOf(deviceId: number): number {
    return deviceId % this.lanes.length;
  }

  private pendingRows(): number {
    let n = 0;
    for (const l of this.lanes) n += l.pendingRows;
    return n;
  }

  private accept(w: Waiting): void {
    const snapshot = this.deps.registry.snapshot;
    const resolved = snapshot.resolve(w.parsed.stationCode, w.parsed.sn);
    const lane = this.lanes[resolved.ok ? this.laneOf(resolved.device.id) : 0];
    if (!lane) return;
    const now = this.now();
    const window = { oldest: now - this.options.retentionDays * DAY_MS, newest: now + MAX_FUTURE_SKEW_MS };
    this.counters.messages++;
    if (w.payload.length > ONE_TURN_BYTES) {
      this.acceptInTurns(w, lane, window);
      return;
    }
    const batch = lane.batch;
    try {
      validateTelemetry(snapshot, w.topic, w.parsed, w.payload, window, this.options.caps, batch);
    } catch (err) {
      batch.quarantine(this.failed(w, err));
    }
    batch.messages++;
    batch.dones.push(w.done);
    this.updateSaturation();
    lane.kick();
  }

  /**
   * A large message, checked a slice at a time with the event loop turning in between (none in
   * the turn that took it): each slice goes into the lane's batch filling then, and the message
   * is acknowledged once every batch holding part of it has committed.
   */
  private acceptInTurns(w: Waiting, lane: IngestLane, window: TimeWindow): void {
    const ack = new SplitDone(w.done);
    let last: IngestBatch | null = null;
    const sink = (): ValidationSink => {
      const batch = lane.batch;
      if (batch !== last) {
        // Counted as a message of that batch, so it is written (and acknowledged) even if empty.
        batch.messages++;
        batch.dones.push(ack.part());
        last = batch;
      }
      return batch;
    };
    const pause = () => {
      this.updateSaturation();
      lane.kick();
      return nextTurn();
    };
    const { registry } = this.deps;
    const { caps } = this.options;
    this.queuedBytes += w.payload.length;
    this.inTurns = this.inTurns
      .then(() => nextTurn())
      .then(() => validateInTurns(registry.snapshot, w.topic, w.parsed, w.payload, window, caps, { sink, pause }))
      .catch((err: unknown) => sink().quarantine(this.failed(w, err)))
      .finally(() => {
        // A message that produced nothing is still written (empty) before it is acknowledged.
        if (last === null) sink();
        ack.seal();
        this.queuedBytes -= w.payload.length;
        this.updateSaturation();
        this.admitWaiting();
        lane.kick();
      });
  }

  /** A bug must not take the ingest down: the message is kept with what went wrong. */
  private failed(w: Waiting, err: unknown): QuarantineEntry {
    return quarantineEntry({
      topic: w.topic,
      stationCode: w.parsed.stationCode,
      sn: w.parsed.sn,
      pointCode: null,
      ts: null,
      reason: 'badShape',
      detail: `validation failed: ${err instanceof Error ? err.message : String(err)}`,
      payload: payloadText(w.payload),
    });
  }

  private committed(batch: IngestBatch, inserted: number, virtual: number, ms: number): void {
    const c = this.counters;
    c.batches++;
    c.samples += inserted;
    c.duplicates += batch.rows - inserted;
    c.virtualSamples += virtual;
    c.lastBatchRows = batch.weight;
    c.lastBatchMs = ms;
    for (const q of batch.quarantined) c.quarantined[q.reason] += q.count;
    for (const done of batch.dones) done();
    try {
      if (batch.devices.size > 0) {
        const readings: DeviceReadings[] = [];
        for (const { device, rows } of batch.devices.values()) {
          readings.push({ stationId: device.station.id, deviceId: device.id, values: batch.newest(rows) });
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
    const max = this.options.maxPendingRows;
    // Resume only with half the room free, so acknowledgements are released in useful chunks.
    const next = this.saturated
      ? pending >= max / 2 || this.queuedBytes >= MAX_QUEUED_BYTES / 2
      : pending >= max || this.queuedBytes >= MAX_QUEUED_BYTES;
    if (next === this.saturated) return;
    this.saturated = next;
    for (const l of this.saturationListeners) l(next);
  }
}
