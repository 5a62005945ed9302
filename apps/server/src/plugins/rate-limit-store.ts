import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client';

type Counter = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counter) => void;
type Row = { hits: number; ttl: number | string };

const counter = (row: Row | undefined): Counter =>
  row ? { current: Number(row.hits), ttl: Math.max(0, Math.ceil(Number(row.ttl))) } : { current: 0, ttl: 0 };

/** The route of a child store's options: the plugin passes them with the route as `routeInfo`. */
function routeKey(options: object): string {
  const info: unknown = 'routeInfo' in options ? options.routeInfo : null;
  if (typeof info !== 'object' || info === null) return '';
  const method = 'method' in info ? [info.method].flat().join(',') : '';
  const url = 'url' in info && typeof info.url === 'string' ? info.url : '';
  return `${method}${url}`;
}

/**
 * @fastify/rate-limit's store on this platform's database (table sys_rate_limit), so every
 * instance on one database counts the same window: one upsert per limited request, a fixed
 * window per route and address on the database's clock. Its `continueExceeding` and
 * `exponentialBackoff` options are not used here (no route sets them). Expired rows are deleted
 * by `purgeRateLimits`.
 */
export function pgRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options; none of them changes how it counts.
    constructor(
      _options: object,
      private readonly prefix = '',
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      const k = this.prefix + key;
      db.execute(sql`
        INSERT INTO sys_rate_limit AS r (key, hits, reset_at)
        VALUES (${k}, 1, now() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
          reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
        RETURNING hits, extract(epoch FROM reset_at - now()) * 1000 AS ttl`)
        .then((res) => done(null, counter((res as { rows: Row[] }).rows[0])))
        .catch((err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
    }

    /** The window as it stands, without counting a request (`{ increment: false }`). */
    read(key: string, done: Done): void {
      db.execute(sql`
        SELECT hits, extract(epoch FROM reset_at - now()) * 1000 AS ttl
        FROM sys_rate_limit WHERE key = ${this.prefix + key} AND reset_at > now()`)
        .then((res) => done(null, counter((res as { rows: Row[] }).rows[0])))
        .catch((err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
    }

    /** One counter space per route, as the plugin's own Redis store keys them. */
    child(route: object) {
      return new PgRateLimitStore(route, `${this.prefix}${routeKey(route)}-`);
    }
  }
  return PgRateLimitStore;
}

/** Deletes counters whose window has ended (any instance may run it; it is idempotent). */
export async function purgeRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM sys_rate_limit WHERE reset_at <= now()`);
}

type Log = { warn: (obj: object, msg: string) => void };

/** Where the rate limits count: Redis when REDIS_URL is set, else this database. */
export type RateLimitBackend = {
  options: { store: FastifyRateLimitStoreCtor } | { redis: Redis; nameSpace: string };
  /** Deletes ended windows (the database store; Redis expires its keys itself). */
  purge: () => Promise<void>;
  close: () => Promise<void>;
};

export function rateLimitBackend(redisUrl: string | undefined, db: Db, log: Log): RateLimitBackend {
  if (!redisUrl)
    return { options: { store: pgRateLimitStore(db) }, purge: () => purgeRateLimits(db), close: async () => {} };
  // A request waits for at most one try: with Redis away the limit is skipped (skipOnError),
  // the sign-in lockouts in the database still hold.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  let warned = false;
  redis.on('error', (err: unknown) => {
    if (!warned) log.warn({ err }, 'rate-limit Redis unreachable; limits are skipped until it is back');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return {
    options: { redis, nameSpace: 'ess-rate-limit-' },
    purge: async () => {},
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
