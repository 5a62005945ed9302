import { boolean, doublePrecision, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { stations } from './schema';

/**
 * Peak shaving settings of a station (issue 14 part 5). At most one row per station; a station
 * without one plans with DEFAULT_STRATEGY_SETTINGS (contract strategy.ts). Rated power and
 * capacity are the station's own (biz_station), never copied here.
 */
export const stationStrategies = pgTable('biz_station_strategy', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** Grid import limit (kW); null = none. */
  demandLimitKw: doublePrecision('demand_limit_kw'),
  antiBackflow: boolean('anti_backflow').notNull().default(true),
  /** SOC reserve and end-of-day target, percent. */
  socMin: doublePrecision('soc_min').notNull().default(10),
  socMax: doublePrecision('soc_max').notNull().default(95),
  socEndTarget: doublePrecision('soc_end_target').notNull().default(10),
  degradationCostPerKwh: doublePrecision('degradation_cost_per_kwh').notNull().default(0.02),
  etaCharge: doublePrecision('eta_charge').notNull().default(0.95),
  etaDischarge: doublePrecision('eta_discharge').notNull().default(0.95),
  enabled: boolean('enabled').notNull().default(true),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
