import { COMMAND_KINDS, COMMAND_ORIGINS, COMMAND_STATES } from '@ess/contract';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, stations, users } from './schema';

/**
 * Commands sent to devices and their delivery (domains/control/command): pending → sent → success |
 * failure | timeout | cancelled. `lane` names commands that exclude each other: at most one of a
 * lane is in flight per station (e.g. 'sync' for configuration pushes, 'device:<id>' for point
 * commands: one control operation at a time per device), enforced by a partial unique index.
 */
export const commands = pgTable(
  'biz_command',
  {
    id: serial('id').primaryKey(),
    /** The protocol id (payload `id`, matched by the device's ack). */
    commandId: text('command_id').notNull().unique(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: COMMAND_KINDS }).notNull(),
    /** What issued it (contract COMMAND_ORIGIN_KINDS): withdrawing it needs what issuing it needed. */
    origin: text('origin', { enum: COMMAND_ORIGINS }).notNull(),
    lane: text('lane'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Point commands: the point set and its value (remote control lists filter on them). */
    pointCode: text('point_code'),
    value: doublePrecision('value'),
    state: text('state', { enum: COMMAND_STATES }).notNull().default('pending'),
    timeoutS: integer('timeout_s').notNull(),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    sentTime: timestamp('sent_time', { withTimezone: true }),
    resolvedTime: timestamp('resolved_time', { withTimezone: true }),
    /** The device's message, or why the platform gave up. */
    message: text('message'),
    /**
     * When a server starting after a restart claimed this command to send it again (at most
     * once, by one instance: the claim is a conditional update).
     */
    resentTime: timestamp('resent_time', { withTimezone: true }),
    /**
     * The instance that issued it (lib/instance-id.ts). A starting instance takes over only
     * what it left itself or what an instance no longer beating in sys_instance left.
     */
    issuerInstance: text('issuer_instance'),
  },
  (t) => [
    index('biz_command_station_kind').on(t.stationId, t.kind, t.id),
    index('biz_command_device').on(t.deviceId, t.id),
    uniqueIndex('biz_command_lane_in_flight')
      .on(t.stationId, t.lane)
      .where(sql`${t.state} in ('pending', 'sent') and ${t.lane} is not null`),
  ],
);
