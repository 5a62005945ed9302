import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the HTTP rate limits (sign-in, client error reports) per route and
 * address, shared by every instance on this database; a row's window ends at `reset_at`.
 * Used when no Redis is configured (plugins/rate-limit-store.ts).
 */
export const rateLimitCounters = pgTable(
  'sys_rate_limit',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_rate_limit_reset_idx').on(t.resetAt)],
);
