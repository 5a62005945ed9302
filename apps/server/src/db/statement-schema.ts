import { doublePrecision, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { stations } from './schema';

/**
 * Settlement ratios (结算比例, spec 5: 0–100): the owner's share of a station's revenue, in force
 * from `from_month` (YYYY-MM, the station's calendar) until the next row. Dated so a month that has
 * ended keeps the ratio it was settled with (docs/statement.md).
 */
export const settlementRatios = pgTable(
  'biz_settlement_ratio',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    fromMonth: text('from_month').notNull(),
    ratio: doublePrecision('ratio').notNull(),
    updateBy: text('update_by').notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('biz_settlement_ratio_station_month').on(t.stationId, t.fromMonth)],
);
