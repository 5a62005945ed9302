/**
 * Rate-limits updates per key (a device, the station summary): the first update of a key goes
 * out at once, later ones at most once per `intervalMs`, merged so that the newest values win.
 * What waits is one merged value per key, so a slow socket never makes memory grow: superseded
 * updates are dropped. While `send` reports the socket busy, the value keeps waiting (and
 * merging) and is retried an interval later.
 */
export type CoalescerOptions<T> = {
  intervalMs: number;
  merge: (pending: T | undefined, next: T) => T;
  /** Sends the value; false when the socket is too busy to take it now. */
  send: (key: string, value: T) => boolean;
  now?: () => number;
};

export class Coalescer<T> {
  private readonly pending = new Map<string, T>();
  private readonly lastSent = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private paused = false;
  private readonly now: () => number;

  constructor(private readonly opts: CoalescerOptions<T>) {
    this.now = opts.now ?? Date.now;
  }

  push(key: string, value: T): void {
    this.pending.set(key, this.opts.merge(this.pending.get(key), value));
    this.schedule(key);
  }

  /** Holds everything back (e.g. until a snapshot has gone out); updates keep merging. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const key of this.pending.keys()) this.schedule(key);
  }

  /** Forgets every key: pending values, timers and send times. */
  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.pending.clear();
    this.lastSent.clear();
  }

  /** Number of keys with a value waiting (for tests and metrics). */
  get waiting(): number {
    return this.pending.size;
  }

  private schedule(key: string): void {
    if (this.paused || this.timers.has(key)) return;
    const wait = (this.lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + this.opts.intervalMs - this.now();
    if (wait <= 0) this.flush(key);
    else this.later(key, wait);
  }

  private later(key: string, ms: number): void {
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.flush(key);
      }, ms),
    );
  }

  private flush(key: string): void {
    const value = this.pending.get(key);
    if (value === undefined || this.paused) return;
    // Timers may fire a millisecond early; never send before the interval is really over.
    const wait = (this.lastSent.get(key) ?? Number.NEGATIVE_INFINITY) + this.opts.intervalMs - this.now();
    if (wait > 0) {
      this.later(key, wait);
      return;
    }
    if (!this.opts.send(key, value)) {
      this.later(key, this.opts.intervalMs);
      return;
    }
    this.pending.delete(key);
    this.lastSent.set(key, this.now());
  }
}
