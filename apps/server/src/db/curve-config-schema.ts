import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Typed views of the saved curve sets and the page configuration rows. They are created by the
 * hand-written migration drizzle/0003_curve_config.sql, so this file is not part of
 * drizzle.config's schema (the initial migration stays as generated).
 */
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** An indicator as stored in a set: the device and the point code. */
export type StoredCurveItem = { deviceId: number; code: string };

export const curveSets = pgTable('biz_curve_set', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  stationId: integer('station_id').notNull(),
  name: text('name').notNull(),
  items: jsonb('items').$type<StoredCurveItem[]>().notNull(),
  createTime: tstz('create_time').notNull().defaultNow(),
  updateTime: tstz('update_time').notNull().defaultNow(),
});

export const PAGE_CONFIG_KINDS = ['curve', 'point'] as const;
export type PageConfigKind = (typeof PAGE_CONFIG_KINDS)[number];

export const pageConfigs = pgTable('biz_page_config', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: PAGE_CONFIG_KINDS }).notNull(),
  stationId: integer('station_id').notNull(),
  pageLocation: text('page_location').notNull(),
  divLocation: text('div_location').notNull(),
  /** The route's menu id; 0 where it is not applied (spec 6, station 720). */
  permissionId: integer('permission_id').notNull().default(0),
  deviceId: integer('device_id').notNull(),
  pointId: integer('point_id').notNull(),
  /** curveName of a curve row, name of a point row; null shows the point's own name. */
  label: text('label'),
  sort: integer('sort').notNull(),
  updateBy: integer('update_by'),
  updateTime: tstz('update_time').notNull().defaultNow(),
});
