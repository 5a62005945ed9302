/**
 * One computation shared by every reader of the same key for `maxAgeMs` from its start: under a
 * control room's load (dozens of screens polling the same stations) a summary is computed at
 * most once per period instead of once per reader, and readers arriving while it runs wait for
 * that run (single flight). A failed run is not kept. `maxAgeMs` 0 computes every time.
 */
export class SharedResult<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.maxAgeMs <= 0) return compute();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value;
    // Expired entries of other keys go too: the map holds only what is current.
    for (const [k, e] of this.entries) if (now - e.at >= this.maxAgeMs) this.entries.delete(k);
    const value = compute();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

/**
 * How long a station summary (site overview rows, home KPIs, device blocks, the day curve) is
 * shared on a running platform: its figures move with every ingest batch anyway, and a second
 * is below any screen's refresh.
 */
export const SUMMARY_SHARE_MS = 1000;
