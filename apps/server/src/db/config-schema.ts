import { TOPOLOGY_TARGETS } from '@ess/contract';
import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, points, stations, users } from './schema';

/**
 * Calibration of a point (offset settings): stored = raw × scale + offset, applied on ingest.
 * A point without a row keeps the defaults (scale 1, offset 0); restoring them deletes the row.
 */
export const pointOffsets = pgTable(
  'biz_point_offset',
  {
    pointId: integer('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    scale: doublePrecision('scale').notNull().default(1),
    offset: doublePrecision('offset').notNull().default(0),
    updateBy: integer('update_by').references(() => users.id, { onDelete: 'set null' }),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pointId] })],
);

/** What a click on a node of a station's PCS topology opens: a page or a device. */
export const topologyJumps = pgTable(
  'biz_topology_jump',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** The node: a device's serial number. */
    nodeKey: text('node_key').notNull(),
    targetKind: text('target_kind', { enum: TOPOLOGY_TARGETS }).notNull(),
    targetRoute: text('target_route'),
    targetDeviceId: integer('target_device_id').references(() => devices.id, { onDelete: 'cascade' }),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('biz_topology_jump_node').on(t.stationId, t.nodeKey)],
);
