import type { DashboardWidget } from '@ess/contract';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { roles, stations, users } from './schema';

/** A user's dashboard (/surveillance/dashboard): its widgets in grid order; a link's token as a hash. */
export const dashboards = pgTable(
  'biz_dashboard',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    widgets: jsonb('widgets').$type<DashboardWidget[]>().notNull(),
    /** SHA-256 of the published link's token; null: not published. */
    tokenHash: text('token_hash'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('biz_dashboard_owner_name').on(t.ownerId, t.name),
    uniqueIndex('biz_dashboard_token').on(t.tokenHash),
  ],
);

/** The roles a dashboard is shared with, read-only. */
export const dashboardRoles = pgTable(
  'biz_dashboard_role',
  {
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dashboardId, t.roleId] }), index('biz_dashboard_role_role').on(t.roleId)],
);

/** A station's household view link (/family): the token's hash; one link per station. */
export const familyLinks = pgTable('biz_family_link', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  publishedBy: integer('published_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
