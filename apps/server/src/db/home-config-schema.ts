import type { HomeBlockSetting } from '@ess/contract';
import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

/** Home-page configuration: one row per user and station, the site home page's blocks in order. */
export const homeConfigs = pgTable(
  'biz_home_config',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    blocks: jsonb('blocks').$type<HomeBlockSetting[]>().notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('biz_home_config_user_station').on(t.userId, t.stationId)],
);

/** A station's default home page (site configuration): what users without their own layout see. */
export const homeDefaults = pgTable('biz_home_default', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  blocks: jsonb('blocks').$type<HomeBlockSetting[]>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
