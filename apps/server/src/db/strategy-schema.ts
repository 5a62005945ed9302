import type { HostingFallback, HostingState, StrategySchedule } from '@ess/contract';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
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

/** Strategy hosting of a station (issue 24 part 7): on or off, approval deadline, fallback alarm level. */
export const hostingSettings = pgTable('biz_hosting_setting', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** `HH:mm` of the day before a plan's day (station clock). */
  deadline: text('deadline').notNull(),
  alarmLevel: integer('alarm_level').notNull(),
  /** Who turned hosting on: the platform's own fallback commands are issued in their name. */
  updatedBy: integer('updated_by').notNull(),
  updatedByName: text('updated_by_name').notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One hosted day of a station: its plan as solved (with the rule schedule and the forecasts it
 * was solved on, so the page shows what the reviewer saw), the review and the delivery.
 */
export const hostingDays = pgTable(
  'biz_hosting_day',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    state: text('state').$type<HostingState>().notNull(),
    fallback: text('fallback').$type<HostingFallback>(),
    /** A delivery failure's message as the command service stored it. */
    reason: text('reason'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    soc0: doublePrecision('soc0').notNull(),
    socMeasured: boolean('soc_measured').notNull(),
    plan: jsonb('plan').$type<StrategySchedule>().notNull(),
    rule: jsonb('rule').$type<StrategySchedule>().notNull(),
    loadKw: jsonb('load_kw').$type<number[]>().notNull(),
    pvKw: jsonb('pv_kw').$type<number[]>().notNull(),
    currency: text('currency').notNull(),
    reviewerId: integer('reviewer_id'),
    reviewerName: text('reviewer_name'),
    opinion: text('opinion'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    commandId: integer('command_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When a day on fallback had the station set back to its TOU rule (or found it there). */
    ruleRestoredAt: timestamp('rule_restored_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('biz_hosting_day_station_date').on(t.stationId, t.date)],
);
