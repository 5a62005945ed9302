import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { stations, touTemplates } from './schema';

/**
 * Which rate templates (biz_tou_template) a station uses over time (issue 13 part 8). A station
 * may hold several, one after another by validity (a new tariff from next month); the revenue of
 * a local day uses the enabled one valid that day (modules/rate/rate-lookup.ts). The enabled
 * templates of one station never overlap in validity (checked by the rate service). A template
 * still assigned here cannot be deleted (no cascade); a deleted station takes its rows along.
 */
export const stationTouTemplates = pgTable(
  'biz_station_tou_template',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => touTemplates.id),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.templateId] }),
    index('biz_station_tou_template_template').on(t.templateId),
  ],
);
