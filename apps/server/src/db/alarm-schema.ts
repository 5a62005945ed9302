import { ALARM_CONDITIONS, ALARM_KINDS, DEVICE_TYPES, type Names } from '@ess/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, stations, users } from './schema';

/** The alarm centre's tables (issue 12): definitions, station overrides, events. */
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An alarm definition (告警定义): a condition on one point of every device of a type (the group
 * default) or of one device. For `nodata` the threshold is seconds without data; for `bit` the bit index.
 */
export const alarmDefinitions = pgTable(
  'alarm_definition',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Seeded name per interface language; `name` is the fallback. A name edited by hand drops it. */
    names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    deviceType: text('device_type', { enum: DEVICE_TYPES }),
    pointCode: text('point_code').notNull(),
    condition: text('condition', { enum: ALARM_CONDITIONS }).notNull(),
    threshold: doublePrecision('threshold').notNull(),
    threshold2: doublePrecision('threshold2'),
    holdSeconds: integer('hold_seconds').notNull().default(0),
    deadband: doublePrecision('deadband').notNull().default(0),
    level: smallint('level').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set on the definitions the platform seeds, so they are seeded once even after a user deletes one. */
    seedKey: text('seed_key').unique(),
    createTime: tstz('create_time').notNull().defaultNow(),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  // Duplicate names are rejected (spec 5).
  (t) => [uniqueIndex('alarm_definition_name').on(t.name)],
);

/** Station level of the alarm configuration: a null field keeps the definition's (group) value. */
export const alarmStationOverrides = pgTable(
  'alarm_station_override',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => alarmDefinitions.id, { onDelete: 'cascade' }),
    threshold: doublePrecision('threshold'),
    threshold2: doublePrecision('threshold2'),
    level: smallint('level'),
    enabled: boolean('enabled'),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.definitionId] })],
);

/**
 * An alarm event: active while `recovered_at` is null, unconfirmed while `confirmed` is false.
 * `dedup_key` names what raised it (rule and device, or the station for lost contact); at most one
 * active event per key, so a restart or a second instance can never raise the same alarm twice.
 */
export const alarmEvents = pgTable(
  'alarm_event',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    deviceType: text('device_type', { enum: DEVICE_TYPES }),
    kind: text('kind', { enum: ALARM_KINDS }).notNull(),
    // History keeps the event when its definition is deleted.
    definitionId: integer('definition_id').references(() => alarmDefinitions.id, { onDelete: 'set null' }),
    pointCode: text('point_code'),
    value: doublePrecision('value'),
    limit: doublePrecision('limit_value'),
    level: smallint('level').notNull(),
    content: text('content').notNull(),
    dedupKey: text('dedup_key').notNull(),
    raisedAt: tstz('raised_at').notNull(),
    recoveredAt: tstz('recovered_at'),
    confirmed: boolean('confirmed').notNull().default(false),
    confirmerId: integer('confirmer_id').references(() => users.id, { onDelete: 'set null' }),
    confirmer: text('confirmer'),
    confirmedAt: tstz('confirmed_at'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('alarm_event_active').on(t.dedupKey).where(sql`${t.recoveredAt} IS NULL`),
    index('alarm_event_station_raised').on(t.stationId, t.raisedAt),
    // The bell's count and the real-time list read the open ones only.
    index('alarm_event_station_open')
      .on(t.stationId, t.raisedAt)
      .where(sql`${t.recoveredAt} IS NULL OR NOT ${t.confirmed}`),
  ],
);
