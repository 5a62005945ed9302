import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orgs, roles, stations, users } from './schema';

/** Role administration's tables (issue 13): a role's custom data scope and users' station roles. */

/** Organisations whose stations a role with data scope `custom` covers. */
export const roleOrgs = pgTable(
  'sys_role_org',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.orgId] })],
);

/**
 * A user's role at one station (/system/station-role), one per user and station: the station
 * joins the user's scope and the role's menus and permissions apply there.
 */
export const stationRoles = pgTable(
  'sys_station_role',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    // A role still held at a station cannot be deleted (the service says so; the key backs it).
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_station_role_user_station').on(t.userId, t.stationId),
    index('sys_station_role_role').on(t.roleId),
  ],
);
