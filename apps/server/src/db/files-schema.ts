import { FILE_PURPOSES } from '@ess/contract';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

/**
 * The one file store's metadata (domains/platform/files): the bytes live under `storage_key`
 * in the configured backend (DATA_DIR/files or an S3 bucket). A file with a station is read
 * by whoever has that station in scope; one without, by its uploader only.
 */
export const storedFiles = pgTable(
  'sys_file',
  {
    id: uuid('id').primaryKey(),
    /** The name as uploaded (shown and offered on download, made safe there). */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes, computed while they streamed in. */
    sha256: text('sha256').notNull(),
    /** Decided from the bytes, never from the client. */
    contentType: text('content_type').notNull(),
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull(),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_file_station').on(t.stationId)],
);
