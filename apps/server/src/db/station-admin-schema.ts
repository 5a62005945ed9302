import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stations } from './schema';

/** PostgreSQL bytea as a Node Buffer (PGlite gives a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** A station's logo (station management): one image per station, kept in the database. */
export const stationLogos = pgTable('biz_station_logo', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** Recognised from the bytes on upload: image/png, image/jpeg or image/webp. */
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
