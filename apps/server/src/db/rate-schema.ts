import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { stations, touTemplates } from './schema';

/**
 * Which rate template (biz_tou_template) a station is priced by, as dated versions (issue 21
 * finding 3): a row says "from this station-local date on, this template", until the station's
 * next row. `valid_from` null means from the beginning. The revenue of a local day uses the
 * version in force that day (domains/monitoring/rate/rate-lookup.ts), so a change from today leaves the
 * days before it priced as they were earned; a past `valid_from` is written only by the logged
 * re-pricing call. A template still assigned here cannot be deleted (no cascade); a deleted
 * station takes its rows along.
 */
export const stationTouTemplates = pgTable(
  'biz_station_tou_template',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => touTemplates.id),
    /** Station-local date (YYYY-MM-DD) the version starts; null = from the beginning. */
    validFrom: text('valid_from'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('biz_station_tou_template_station_from').on(t.stationId, t.validFrom).nullsNotDistinct(),
    index('biz_station_tou_template_template').on(t.templateId),
  ],
);
