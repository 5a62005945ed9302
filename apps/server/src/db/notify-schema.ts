import { type Lang, NOTIFY_CHANNELS, NOTIFY_REASONS, NOTIFY_STATUSES } from '@ess/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { alarmEvents } from './alarm-schema';
import { stations, users } from './schema';

/** Alarm notifications with escalation (issue 12 part 6): configuration, schedule state, log. */
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** An escalation chain: which stations (empty = all) and alarm levels it covers. */
export const notifyChains = pgTable('ntf_chain', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  stationIds: integer('station_ids').array().notNull().default(sql`'{}'::integer[]`),
  levels: smallint('levels').array().notNull(),
  stopOnRecovery: boolean('stop_on_recovery').notNull().default(true),
  updateTime: tstz('update_time').notNull().defaultNow(),
});

/** A step of a chain (position 0 first): who, by which channels, from when, how often. */
export const notifySteps = pgTable(
  'ntf_step',
  {
    chainId: integer('chain_id')
      .notNull()
      .references(() => notifyChains.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    delayMinutes: integer('delay_minutes').notNull(),
    repeatMinutes: integer('repeat_minutes').notNull(),
    channels: text('channels', { enum: NOTIFY_CHANNELS }).array().notNull(),
    userIds: integer('user_ids').array().notNull(),
    roleIds: integer('role_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.position] })],
);

/**
 * Where an alarm event stands in a chain: `next_due_at` is when the scheduler next notifies
 * (null = finished). A worker claims a due row by moving `next_due_at` forward in the same
 * statement that reads it, so a restart or a second instance never sends one round twice.
 */
export const notifyTasks = pgTable(
  'ntf_task',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => alarmEvents.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id')
      .notNull()
      .references(() => notifyChains.id, { onDelete: 'cascade' }),
    stationId: integer('station_id').notNull(),
    raisedAt: tstz('raised_at').notNull(),
    nextDueAt: tstz('next_due_at'),
    /** Rounds sent so far (first notice, repeats and escalations). */
    rounds: integer('rounds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.chainId] }),
    index('ntf_task_due').on(t.nextDueAt).where(sql`${t.nextDueAt} IS NOT NULL`),
  ],
);

/**
 * A station event other than an alarm that the chains tell (a work order's SLA reminder or
 * breach), once per `key`: the raiser's retry or a second instance finds the key taken. A round
 * claims it by setting `sent_at` in the statement that reads it, then sends it.
 */
export const notifyNotices = pgTable(
  'ntf_notice',
  {
    key: text('key').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Chains take it as an alarm of this level (1 critical … 4 hint). */
    level: smallint('level').notNull(),
    /** Subject and body in every interface language. */
    texts: jsonb('texts').$type<Record<Lang, { subject: string; text: string }>>().notNull(),
    /** The platform page its in-app message opens. */
    link: text('link'),
    /** Users the raiser already told in-app: the chains' in-app channel skips them. */
    toldInApp: integer('told_in_app').array().notNull().default(sql`'{}'::integer[]`),
    raisedAt: tstz('raised_at').notNull(),
    sentAt: tstz('sent_at'),
  },
  (t) => [index('ntf_notice_pending').on(t.raisedAt).where(sql`${t.sentAt} IS NULL`)],
);

/** A user's quiet hours (minutes after local midnight in `timezone`; may wrap midnight). */
export const notifyQuietHours = pgTable('ntf_quiet', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startMinute: smallint('start_minute').notNull(),
  endMinute: smallint('end_minute').notNull(),
  timezone: text('timezone').notNull(),
  allowCritical: boolean('allow_critical').notNull().default(true),
  enabled: boolean('enabled').notNull().default(true),
});

/** A station's own rate limit (others use NOTIFY_DEFAULT_RATE). */
export const notifyRates = pgTable('ntf_rate', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  maxPerWindow: integer('max_per_window').notNull(),
  windowMinutes: integer('window_minutes').notNull(),
});

/** Every notification sent, suppressed or failed, with its reason (kept when the alarm is deleted). */
export const notifyLog = pgTable(
  'ntf_log',
  {
    id: serial('id').primaryKey(),
    at: tstz('at').notNull(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    chainId: integer('chain_id').references(() => notifyChains.id, { onDelete: 'set null' }),
    step: smallint('step'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: NOTIFY_CHANNELS }).notNull(),
    address: text('address'),
    status: text('status', { enum: NOTIFY_STATUSES }).notNull(),
    reason: text('reason', { enum: NOTIFY_REASONS }).notNull(),
    subject: text('subject').notNull(),
    eventIds: integer('event_ids').array().notNull(),
    detail: text('detail'),
  },
  (t) => [
    index('ntf_log_at').on(t.at),
    // The rate limit counts a recipient's recent deliveries per station.
    index('ntf_log_rate').on(t.stationId, t.userId, t.at),
  ],
);
