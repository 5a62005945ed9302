import type { PlanCurveSegment } from '@ess/contract';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { commands } from './command-schema';
import { stations, users } from './schema';

/**
 * Plan curve templates (issue 14 part 4): daily segments of planned storage power with an SOC
 * window. `modify_time` is set by the server in milliseconds and is the version a delivery must
 * name, so a template changed after the user read it is not delivered unsaved. `station_id`:
 * the station that owns it (delivered there only); null: shared by every station, changed only by
 * administrators (issue 20 finding 5).
 */
export const planCurves = pgTable('biz_plan_curve', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
  segments: jsonb('segments').$type<PlanCurveSegment[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  modifiedBy: integer('modified_by').references(() => users.id, { onDelete: 'set null' }),
  modifyTime: timestamp('modify_time', { withTimezone: true }).notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});

/** One delivery of a template to stations: the plan as it was sent, who sent it, when. */
export const planDeliveries = pgTable(
  'biz_plan_delivery',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').references(() => planCurves.id, { onDelete: 'set null' }),
    templateCode: text('template_code').notNull(),
    templateName: text('template_name').notNull(),
    templateModifyTime: timestamp('template_modify_time', { withTimezone: true }).notNull(),
    segments: jsonb('segments').$type<PlanCurveSegment[]>().notNull(),
    /** Delivered past a station's rated power after the user confirmed: only before rated power became the bound. */
    confirmOverRated: boolean('confirm_over_rated').notNull().default(false),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('biz_plan_delivery_time').on(t.createTime)],
);

/**
 * A station of a delivery. Its state is its command's (joined by id, so always the command
 * service's truth); `state` and `message` here only hold why no command was sent (no EMS,
 * another delivery in flight).
 */
export const planDeliveryStations = pgTable(
  'biz_plan_delivery_station',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => planDeliveries.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    commandId: integer('command_id').references(() => commands.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['failure'] }),
    message: text('message'),
  },
  (t) => [
    index('biz_plan_delivery_station_delivery').on(t.deliveryId),
    index('biz_plan_delivery_station_station').on(t.stationId, t.deliveryId),
  ],
);
