import type { TouPrices, TouSegment } from '@ess/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
    /** The template of the version; null when the station follows `proxy_region_id` instead. */
    templateId: integer('template_id').references(() => touTemplates.id),
    proxyRegionId: integer('proxy_region_id').references(() => proxyRegions.id),
    /** Station-local date (YYYY-MM-DD) the version starts; null = from the beginning. */
    validFrom: text('valid_from'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('biz_station_tou_template_station_from').on(t.stationId, t.validFrom).nullsNotDistinct(),
    index('biz_station_tou_template_template').on(t.templateId),
    index('biz_station_tou_template_region').on(t.proxyRegionId),
    check('biz_station_tou_template_one_source', sql`(${t.templateId} is null) <> (${t.proxyRegionId} is null)`),
  ],
);

/**
 * Proxy purchase price regions (代理购电区域, issue 24 part 2): a province's grid-company price
 * zone with its daily period cut and its region model (spec 5: JSON, valid and non-empty —
 * voltage level, electricity type, price components; docs/proxy-prices.md).
 */
export const proxyRegions = pgTable('biz_proxy_region', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull().unique(),
  provinceCode: text('province_code').notNull(),
  segments: jsonb('segments').$type<TouSegment[]>().notNull(),
  model: jsonb('model').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});

/** A region's prices per period for one month (YYYY-MM, the calendar of the stations following it). */
export const proxyPrices = pgTable(
  'biz_proxy_price',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => proxyRegions.id),
    month: text('month').notNull(),
    prices: jsonb('prices').$type<TouPrices>().notNull(),
    currency: text('currency').notNull().default('CNY'),
    source: text('source').notNull().default(''),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('biz_proxy_price_region_month').on(t.regionId, t.month)],
);
