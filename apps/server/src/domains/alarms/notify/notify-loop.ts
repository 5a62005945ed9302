import type { Db } from '../../../db/client';
import { claimPeriod } from '../../../kernel/job-lock';

type Log = { warn: (obj: object, msg: string) => void };

export type RoundLoopDeps = {
  db: Db;
  /** Claims and sends one batch; returns how many tasks it claimed. */
  round: () => Promise<number>;
  /** A round that claimed this many may have left more due: run another at once. */
  batch: number;
  /** A raise waits this long before its round, so a storm's batches go out as one digest. */
  coalesceMs: number;
  log: Log;
};

/**
 * When notification rounds run: on a timer, a short pause after a raise, and on explicit calls;
 * one run at a time (a call during a run gets one more run after it).
 */
export class RoundLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private coalesce: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly deps: RoundLoopDeps) {}

  /**
   * Starts the timer (every `tickMs`; 0 = none). Every instance keeps the timer and one of them
   * takes each period (claims of due tasks keep a round from going out twice anyway); a period
   * that cannot be claimed is ticked.
   */
  start(tickMs: number): void {
    if (tickMs <= 0 || this.interval) return;
    this.interval = setInterval(() => {
      claimPeriod(this.deps.db, 'notify-tick', tickMs)
        .catch(() => true)
        .then((mine) => {
          if (mine) this.kick();
        });
    }, tickMs);
    this.interval.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.interval) clearInterval(this.interval);
    if (this.coalesce) clearTimeout(this.coalesce);
    await this.running?.catch(() => {});
  }

  /** Runs rounds until nothing due is left. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed && (await this.deps.round()) === this.deps.batch) {
            // A full batch: more may be due.
          }
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** A tick after the coalescing pause (one pending at a time). */
  soon(): void {
    if (this.coalesce || this.closed) return;
    this.coalesce = setTimeout(() => {
      this.coalesce = null;
      this.kick();
    }, this.deps.coalesceMs);
    this.coalesce.unref();
  }

  private kick(): void {
    this.tick().catch((err: unknown) => this.deps.log.warn({ err }, 'notification round failed; next tick retries'));
  }
}
