import type { ReportFrequency, SubscribedReport } from '@ess/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

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

/**
 * A user's subscription to a report (the earnings statement or the carbon report) by e-mail
 * (issue 24 part 8). `last_period` is
 * the period last sent: the conditional update that moves it on is what sends a period once,
 * whatever the number of instances.
 */
export const reportSubscriptions = pgTable(
  'biz_report_subscription',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').$type<SubscribedReport>().notNull().default('statement'),
    frequency: text('frequency').$type<ReportFrequency>().notNull(),
    stationIds: integer('station_ids').array().notNull(),
    format: text('format').$type<'pdf' | 'xlsx' | 'csv'>().notNull(),
    hour: integer('hour').notNull(),
    timezone: text('timezone').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastPeriod: text('last_period'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastStatus: text('last_status').$type<'sent' | 'failed'>(),
    lastDetail: text('last_detail'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('biz_report_subscription_user').on(t.userId)],
);
