import { FREQUENCY_UNITS, SEND_MODES } from '@ess/contract';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Messages (spec 3 "Message"). Status is not stored: it follows from `draft` and the play window
 * at the time asked (contract `MESSAGE_STATUS`), so a timed message needs no job to go out.
 * A message is delivered at `play_start` (set on publishing for send mode `now`).
 */
export const messages = pgTable(
  'biz_message',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 1 hint, 2 fault, 3 alarm. */
    messageType: smallint('message_type').notNull(),
    /** 1 stations (biz_message_station), 2 users (biz_message_user). */
    receivingType: smallint('receiving_type').notNull(),
    sendMode: text('send_mode', { enum: SEND_MODES }).notNull(),
    /** Null only for a draft sent `now`: it starts when published. */
    playStart: at('play_start'),
    playEnd: at('play_end').notNull(),
    playFrequency: integer('play_frequency').notNull(),
    frequencyUnit: text('frequency_unit', { enum: FREQUENCY_UNITS }).notNull(),
    draft: boolean('draft').notNull().default(false),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept with the message so it outlives the account. */
    creatorName: text('creator_name').notNull(),
    /** A platform page the message is about (a work order's detail); set by the platform's notices only. */
    link: text('link'),
    createTime: at('create_time').notNull().defaultNow(),
    updateTime: at('update_time').notNull().defaultNow(),
  },
  (t) => [index('biz_message_play').on(t.playStart, t.playEnd)],
);

/** Stations a message of receiving type 1 goes to: every user whose scope holds one receives it. */
export const messageStations = pgTable(
  'biz_message_station',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.stationId] }), index('biz_message_station_station').on(t.stationId)],
);

/** Users a message of receiving type 2 goes to. */
export const messageUsers = pgTable(
  'biz_message_user',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('biz_message_user_user').on(t.userId)],
);

/** Read receipts: a row per recipient who confirmed reading (no row = readStatus 0). */
export const messageReceipts = pgTable(
  'biz_message_receipt',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readTime: at('read_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('biz_message_receipt_user').on(t.userId)],
);
