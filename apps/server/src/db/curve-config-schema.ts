import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices, points, stations, users } from './schema';

/** Saved curve sets and the page configuration rows (created by drizzle/0003_curve_config.sql). */
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** An indicator as stored in a set: the device and the point code. */
export type StoredCurveItem = { deviceId: number; code: string };

export const curveSets = pgTable(
  'biz_curve_set',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    items: jsonb('items').$type<StoredCurveItem[]>().notNull(),
    createTime: tstz('create_time').notNull().defaultNow(),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  // Duplicate names are rejected (spec 5), per user and station.
  (t) => [uniqueIndex('biz_curve_set_owner_name').on(t.userId, t.stationId, t.name)],
);

export const PAGE_CONFIG_KINDS = ['curve', 'point'] as const;
export type PageConfigKind = (typeof PAGE_CONFIG_KINDS)[number];

export const pageConfigs = pgTable(
  'biz_page_config',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PAGE_CONFIG_KINDS }).notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    pageLocation: text('page_location').notNull(),
    divLocation: text('div_location').notNull(),
    /** The route's menu id; 0 where it is not applied (spec 6, station 720). */
    permissionId: integer('permission_id').notNull().default(0),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    /** curveName of a curve row, name of a point row; null shows the point's own name. */
    label: text('label'),
    sort: integer('sort').notNull(),
    updateBy: integer('update_by').references(() => users.id, { onDelete: 'set null' }),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [
    index('biz_page_config_location').on(t.stationId, t.kind, t.pageLocation, t.divLocation, t.permissionId, t.sort),
    // Built from the kinds, so adding one makes drizzle-kit generate the new check.
    check('biz_page_config_kind_check', sql.raw(`"kind" IN (${PAGE_CONFIG_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
