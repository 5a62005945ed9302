import type { HomeBlockSetting } from '@ess/contract';
import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

/**
 * Typed view of the home-page configuration table, created by the hand-written migration
 * drizzle/0002_home_config.sql (kept out of drizzle.config's schema so the generated 0000 stays
 * as shipped). One row per user and station: the blocks of the site home page in order.
 */
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
