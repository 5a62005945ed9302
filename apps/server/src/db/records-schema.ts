import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Inspection records (spec 3 "Information record"): what was found on a station, by whom, when. */
export const inspectionRecords = pgTable(
  'wo_inspection_record',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    recordTime: at('record_time').notNull(),
    recorder: text('recorder').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('wo_inspection_record_station').on(t.stationId, t.recordTime)],
);

/**
 * Repair records (spec 3 "Repair record"), written by hand or by a finished fault-repair order
 * (`order_id`: at most one record per order). Pictures are file ids of the file store.
 */
export const repairRecords = pgTable(
  'wo_repair_record',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    repairman: text('repairman').notNull(),
    location: text('location').notNull(),
    content: text('content').notNull(),
    repairTime: at('repair_time').notNull(),
    remark: text('remark').notNull().default(''),
    pictureIds: uuid('picture_ids').array().notNull(),
    orderId: integer('order_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('wo_repair_record_station').on(t.stationId, t.repairTime),
    uniqueIndex('wo_repair_record_order').on(t.orderId),
  ],
);
