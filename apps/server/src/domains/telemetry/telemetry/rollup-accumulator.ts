import { randomInt } from 'node:crypto';
import { type QuarterHour, QuarterHourSet } from './quarter-hours';

/** A batch id is the process's tag × 2^32 + its sequence: a safe integer, an int8 in the table. */
const SEQ_SPAN = 2 ** 32;
const TAG_SPAN = 2 ** 20;

/** The aggregates of this process's committed batches since the last roll. */
export type AccumulatedBatches = {
  /** The batches' rows in ts_rollup_batches: usable only while every one is still there. */
  ids: number[];
  quarterHours: QuarterHour[];
  samples: number;
};

/** What a roll is told of this process's batches. */
export type OwnBatches = {
  tag: number;
  /**
   * Every batch of this process with an id at or below this has settled, so a row of it that
   * is not in `accumulated` (a commit the process did not see succeed) is for the roll to unnest;
   * rows above it may be in the next aggregates and stay.
   */
  settledUpTo: number;
  accumulated: AccumulatedBatches | null;
};

export type AccumulatorLimits = { batches: number; quarterHours: number };

/**
 * The roll-up aggregates of the batches this process left to the roller, kept in memory as they
 * commit, so that its roll merges one row per point and quarter-hour instead of unnesting and
 * grouping every sample again in the database (docs/performance.md "Headroom"). The rows stay
 * the durable record: a roll uses the aggregates only if every batch's row is still there, and
 * deletes those rows in the same statement; whatever it cannot use is unnested as before.
 */
export class RollupAccumulator {
  readonly tag: number;
  private seq = 0;
  private readonly inFlight = new Set<number>();
  private set = new QuarterHourSet(true);
  private ids: number[] = [];
  private samples = 0;
  /** Past a limit (rolls failing for long): the rest goes the unnesting way. */
  private overflowed = false;

  constructor(
    private readonly limits: AccumulatorLimits = { batches: 50_000, quarterHours: 2_000_000 },
    tag: number = randomInt(1, TAG_SPAN),
  ) {
    this.tag = tag;
  }

  /** An id for a batch about to be written; in flight until committed or dropped. */
  issue(): number {
    const id = this.tag * SEQ_SPAN + ++this.seq;
    this.inFlight.add(id);
    return id;
  }

  /** The batch's row committed with its samples: they join the aggregates. */
  committed(id: number, pointIds: Int32Array, ts: Float64Array, values: Float64Array, rows: number): void {
    this.inFlight.delete(id);
    if (this.overflowed) return;
    if (this.ids.length >= this.limits.batches || this.set.list.length >= this.limits.quarterHours) {
      this.overflowed = true;
      return;
    }
    this.set.add(pointIds, ts, values, rows);
    this.ids.push(id);
    this.samples += rows;
  }

  /** The batch settled without a row of its own (written in the checked form, or given up). */
  dropped(id: number): void {
    this.inFlight.delete(id);
  }

  /** Hands the aggregates so far to a roll and starts new ones. */
  take(): OwnBatches {
    let settledUpTo = this.tag * SEQ_SPAN + this.seq;
    for (const id of this.inFlight) if (id <= settledUpTo) settledUpTo = id - 1;
    const usable = !this.overflowed && this.ids.length > 0;
    const accumulated = usable ? { ids: this.ids, quarterHours: this.set.list, samples: this.samples } : null;
    this.set = new QuarterHourSet(true);
    this.ids = [];
    this.samples = 0;
    this.overflowed = false;
    return { tag: this.tag, settledUpTo, accumulated };
  }
}
