import { setTimeout as sleep } from 'node:timers/promises';
import type { RegistrySnapshot } from './registry-snapshot';
import { RollupAccumulator } from './rollup-accumulator';
import type { RollupZones, WriterSession } from './writer-session';

export type RollerOptions = {
  /** Most time between the starts of two rolls while deltas keep coming (the longest lag). */
  intervalMs: number;
  /** Least time between them: light loads roll this often, so reads lag little. */
  minIntervalMs: number;
  now?: () => number;
};

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/**
 * The gap between two roll starts is this many times the last roll's duration (within the
 * bounds): a roll costs about one upsert per point and table whatever its interval, so under a
 * fleet's load rolls grow long and space out (more samples per upsert), while a light load's
 * short rolls follow each other closely and open roll-ups and ts_latest stay current.
 */
const GAP_PER_ROLL_TIME = 2;

/** SQLSTATE 40P01: a roll met an ingest transaction merging the same roll-up rows; tried again. */
const isDeadlock = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && err.code === '40P01';

/**
 * Merges the samples that large ingest batches leave in ts_rollup_batches — this process's own
 * as the aggregates its ingest kept in memory, when all their rows are still there — (and rows
 * of older versions in ts_rollup_samples and ts_rollup_pending) into ts_latest, ts_15m and
 * ts_1d (ROLL_PENDING: delete and merge in one statement, so each sample counts once, whichever
 * instance rolls it and whenever a process dies). Rolls run after
 * commits, one at a time, spaced by twice the last roll's time within `minIntervalMs` …
 * `intervalMs`: under load a 1 Hz point's samples of that gap become one upsert per table. Instances take turns through an advisory lock; one
 * that finds it taken tries again an interval later.
 */
export class RollupRoller {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Deltas may be pending that no roll started since has taken. */
  private dirty = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private closed = false;
  private zonesOf: { snapshot: RegistrySnapshot; zones: RollupZones } | null = null;
  private readonly now: () => number;
  /** Deltas taken and rolls done since start (for stats). */
  taken = 0;
  /** Of `taken`, merged as the ingest's aggregates kept in memory. */
  fromMemory = 0;
  rolls = 0;
  lastRollMs = 0;

  constructor(
    private readonly session: WriterSession,
    private readonly snapshot: () => RegistrySnapshot,
    private readonly options: RollerOptions,
    private readonly log: Log,
    /** The ingest's aggregates of its deferred batches (a roller of its own unnests every row). */
    private readonly accumulator: RollupAccumulator = new RollupAccumulator(),
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * A roll runs or is due: deltas are pending. A small batch then leaves its deltas too instead
   * of merging them, which would wait for the running roll's locks on the same roll-up rows
   * (its devices' acknowledgements with it; docs/performance.md "Headroom").
   */
  busy(): boolean {
    return this.running !== null || this.dirty || this.timer !== null;
  }

  /** Deltas were committed (or may be left by an earlier process): roll them in time. */
  kick(): void {
    this.dirty = true;
    this.schedule();
  }

  /** Rolls until nothing is pending (tests, shutdown); gives up at `deadline` (epoch ms). */
  async settle(deadline = Number.POSITIVE_INFINITY): Promise<void> {
    for (;;) {
      if (this.running) {
        await this.running;
        continue;
      }
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      let taken: number | null = null;
      try {
        taken = await this.track(this.rollOnce(false));
      } catch (err) {
        if (this.now() >= deadline) throw err;
      }
      if (taken === 0) {
        // Nothing committed before that roll's snapshot is left: not busy until the next kick.
        this.dirty = false;
        return;
      }
      if (taken === null) {
        // Another instance's roll holds the turn, or a deadlock: wait for it to finish.
        if (this.now() >= deadline) throw new Error('roll-ups not settled before the deadline');
        await sleep(20);
      }
    }
  }

  /** The last roll (bounded), then no more. */
  async close(deadline: number): Promise<void> {
    try {
      await this.settle(deadline);
    } finally {
      this.closed = true;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private schedule(): void {
    if (this.closed || this.running || this.timer || !this.dirty) return;
    const { intervalMs, minIntervalMs } = this.options;
    const gap = Math.min(intervalMs, Math.max(minIntervalMs, GAP_PER_ROLL_TIME * this.lastRollMs));
    const wait = this.lastStart + gap - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
      return;
    }
    this.dirty = false;
    this.track(this.rollOnce(true)).then(
      (taken) => {
        // Not our turn: the other instance's roll may have started before our deltas committed.
        if (taken === null) this.dirty = true;
      },
      (err: unknown) => {
        this.dirty = true;
        if (!isDeadlock(err)) this.log.warn({ err }, 'roll-up roll failed; retrying');
      },
    );
  }

  /** One roll at a time on the session: the next one is scheduled once this one settled. */
  private track(roll: Promise<number | null>): Promise<number | null> {
    const done = roll.then(
      () => {},
      () => {},
    );
    this.running = done;
    done.finally(() => {
      this.running = null;
      this.schedule();
    });
    return roll;
  }

  /** `paced`: a scheduled roll, which nobody waits for, may spread its merge (roll-pending.ts). */
  private async rollOnce(paced: boolean): Promise<number | null> {
    this.lastStart = this.now();
    const result = await this.session.roll(this.zones(), () => this.accumulator.take(), paced);
    const taken = result?.taken ?? null;
    if (result) this.fromMemory += result.fromMemory;
    if (taken !== null) {
      // The first roll runs at start: what it takes, a previous process left behind.
      if (this.rolls === 0 && taken > 0) this.log.info({ taken }, 'roll-up deltas left at the last stop rolled');
      this.rolls++;
      this.taken += taken;
      this.lastRollMs = this.now() - this.lastStart;
    }
    return taken;
  }

  /** Points outside the default zone with their station's zone, kept per registry snapshot. */
  private zones(): RollupZones {
    const snapshot = this.snapshot();
    if (this.zonesOf?.snapshot === snapshot) return this.zonesOf.zones;
    const zones: RollupZones = { zonePointIds: [], zoneNames: [], defaultZone: snapshot.defaultTimezone };
    for (const d of snapshot.devicesById.values()) {
      if (d.station.timezone === snapshot.defaultTimezone) continue;
      for (const p of d.points.values()) {
        zones.zonePointIds.push(p.id);
        zones.zoneNames.push(d.station.timezone);
      }
    }
    this.zonesOf = { snapshot, zones };
    return zones;
  }
}
