import type { TransferDirection } from '@ess/contract';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from './files-schema';
import { devices, stations, users } from './schema';

/**
 * File transfers between the platform and devices (issue 25 part 2): a push sends a stored file,
 * a pull receives one into the file store. Delivery is the command's (`command_id`, the command
 * service's row); the transfer keeps what only it knows: the file, the path, the checksum the
 * device computed, and the one-time URL's token (as its SHA-256) with its expiry.
 */
export const fileTransfers = pgTable(
  'rmt_transfer',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<TransferDirection>().notNull(),
    /** Push: the file sent. Pull: the file received (null until it arrived). */
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    commandId: text('command_id').notNull(),
    tokenHash: text('token_hash'),
    expires: timestamp('expires', { withTimezone: true }),
    deviceSha256: text('device_sha256'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rmt_transfer_station').on(t.stationId, t.id),
    uniqueIndex('rmt_transfer_command').on(t.commandId),
    uniqueIndex('rmt_transfer_token').on(t.tokenHash),
    index('rmt_transfer_file').on(t.fileId),
  ],
);
