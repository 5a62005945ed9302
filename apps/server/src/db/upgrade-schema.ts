import type { UpgradeDeviceState, UpgradeReason, UpgradeTaskState } from '@ess/contract';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './files-schema';
import { devices, stations, users } from './schema';

/**
 * Firmware packages (issue 25 part 3): one file of the file store (purpose `firmware`) for one
 * device model and version. Its size and SHA-256 are the file's.
 */
export const upgradePackages = pgTable(
  'upg_package',
  {
    id: serial('id').primaryKey(),
    modelCode: text('model_code').notNull(),
    version: text('version').notNull(),
    notes: text('notes'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('upg_package_model_version').on(t.modelCode, t.version)],
);

/**
 * An upgrade task: a package rolled out to devices in cumulative waves (`waves`, percent of its
 * devices). `wave` is the wave started last (0: none yet). The wave runner
 * (domains/control/upgrade/wave-runner.ts) moves it on; one instance per period.
 */
export const upgradeTasks = pgTable(
  'upg_task',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => upgradePackages.id),
    waves: jsonb('waves').$type<number[]>().notNull(),
    maxFailurePct: doublePrecision('max_failure_pct').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Devices offline until then count as failed; the task finishes by then at the latest. */
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** The operator's reason for the upgrade (spec 5). */
    purpose: text('purpose').notNull(),
    state: text('state').$type<UpgradeTaskState>().notNull(),
    wave: integer('wave').notNull().default(0),
    reasonCode: text('reason_code').$type<UpgradeReason>(),
    /** Words of the halt or cancel (who cancelled, the failure rate met). */
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upg_task_state').on(t.state)],
);

/** A device of an upgrade task: its wave, spec 4 state, download progress and versions. */
export const upgradeDevices = pgTable(
  'upg_device',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => upgradeTasks.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    wave: integer('wave').notNull(),
    state: text('state').$type<UpgradeDeviceState>().notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    versionBefore: text('version_before'),
    /** What the device reported last: its version before, then the one its success named. */
    version: text('version'),
    message: text('message'),
    reasonCode: text('reason_code').$type<UpgradeReason>(),
    /** The protocol id of its upgrade command (the command service's row holds delivery). */
    commandId: text('command_id'),
    /**
     * SHA-256 of the random token in the device's download URL, and until when it opens the
     * package: the URL authorises that one device for that one upgrade, for a limited time.
     */
    fetchTokenHash: text('fetch_token_hash'),
    fetchExpires: timestamp('fetch_expires', { withTimezone: true }),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.deviceId] }),
    index('upg_device_command').on(t.commandId),
    uniqueIndex('upg_device_fetch').on(t.fetchTokenHash),
    index('upg_device_device').on(t.deviceId),
  ],
);
