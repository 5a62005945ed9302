import type { SessionsChange } from '../../../kernel/telemetry-bus';
import type { SessionUser } from '../../../lib/types';

/** A session as last read from the database, with the times its expiry is computed from. */
export type CachedSession = {
  user: SessionUser;
  /** Absolute end (never changes once issued). */
  expiresAt: number;
  /** Last use this instance knows of (its own touches included); other instances may know a later one. */
  lastSeenAt: number;
  /** When it was read: after `ttlMs` it is read again, whatever happened. */
  loadedAt: number;
};

export type SessionCacheLimits = {
  /** Longest an entry is used without reading the database again (the bound on a missed invalidation). */
  ttlMs: number;
  /** Most entries held; the least recently used go first. */
  maxEntries: number;
};

export const DEFAULT_SESSION_CACHE: SessionCacheLimits = { ttlMs: 30_000, maxEntries: 50_000 };

/**
 * Resolved sessions by token hash, so a request needs no database round trip to know its
 * caller. Entries are dropped per user or all at once when sessions are revoked or rights
 * change (`apply`). A read that began before such a change is not stored (`epoch`): it may
 * have seen the rows from before it.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private changes = 0;

  constructor(private readonly limits: SessionCacheLimits = DEFAULT_SESSION_CACHE) {}

  get size(): number {
    return this.entries.size;
  }

  /** Counts changes; pass the value read before a database read to `set`. */
  get epoch(): number {
    return this.changes;
  }

  /** The entry, if read less than ttlMs ago (it becomes the most recently used). */
  get(tokenHash: string, now: number): CachedSession | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    this.entries.delete(tokenHash);
    if (now - e.loadedAt >= this.limits.ttlMs || now < e.loadedAt) return undefined;
    this.entries.set(tokenHash, e);
    return e;
  }

  /** Stores what a read that began at `epoch` found, unless sessions changed meanwhile. */
  set(tokenHash: string, entry: CachedSession, epoch: number): void {
    if (epoch !== this.changes || this.limits.ttlMs <= 0) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    while (this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Drops one user's sessions or all of them. */
  apply(change: SessionsChange): void {
    this.changes++;
    if ('all' in change) {
      this.entries.clear();
      return;
    }
    // Rare (sign-outs, administration): a walk over at most maxEntries is cheaper than an index kept on every read.
    for (const [hash, e] of this.entries) if (e.user.userId === change.userId) this.entries.delete(hash);
  }
}
