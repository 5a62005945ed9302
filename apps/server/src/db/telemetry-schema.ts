import { bigint, date, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Typed views of the time-series tables. They are created by the hand-written migration
 * drizzle/0001_telemetry.sql (ts_raw is partitioned by day, which Drizzle cannot declare), so
 * this file is not part of drizzle.config's schema.
 */
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const tsRaw = pgTable('ts_raw', {
  pointId: integer('point_id').notNull(),
  ts: tstz('ts').notNull(),
  value: doublePrecision('value').notNull(),
});

export const tsLatest = pgTable('ts_latest', {
  pointId: integer('point_id').primaryKey(),
  ts: tstz('ts').notNull(),
  value: doublePrecision('value').notNull(),
});

const rollup = {
  pointId: integer('point_id').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
  first: doublePrecision('first').notNull(),
  firstTs: tstz('first_ts').notNull(),
  last: doublePrecision('last').notNull(),
  lastTs: tstz('last_ts').notNull(),
};

export const ts15m = pgTable('ts_15m', { ...rollup, bucket: tstz('bucket').notNull() });
export const ts1d = pgTable('ts_1d', { ...rollup, day: date('day').notNull() });

export const tsQuarantine = pgTable('ts_quarantine', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  topic: text('topic').notNull(),
  stationCode: text('station_code'),
  sn: text('sn'),
  pointCode: text('point_code'),
  ts: tstz('ts'),
  reason: text('reason').notNull(),
  detail: text('detail'),
  payload: text('payload'),
});
