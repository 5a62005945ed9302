import type { Names } from '@ess/contract';
import { doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Grid emission factors (tCO2/MWh) for carbon accounting (docs/carbon.md): one per region and
 * year, `province_code` null for the national average that applies where a province has none.
 * `year` is the first year the factor applies to; `source` cites where it comes from. The
 * migration seeds the national factor 0.5703 (China MEE, 环办气候函〔2023〕43号).
 */
export const carbonFactors = pgTable(
  'biz_carbon_factor',
  {
    id: serial('id').primaryKey(),
    provinceCode: text('province_code'),
    factor: doublePrecision('factor').notNull(),
    year: integer('year').notNull(),
    source: jsonb('source').$type<Names>().notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('biz_carbon_factor_region_year').on(t.provinceCode, t.year).nullsNotDistinct()],
);
