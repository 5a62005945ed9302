import { type Names, SEQUENCE_RUN_STATES, SEQUENCE_STEP_STATES, type SequenceStep } from '@ess/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A step as stored: a built-in one carries its name per interface language beside the stored
 * (Chinese) name, shown in the reader's language; renamed by hand, they go.
 */
export type StoredStep = SequenceStep & { names?: Partial<Names> };

/** Sequential control templates (domains/control/sequence): ordered steps, generic (no station) or of one station. */
export const sequenceTemplates = pgTable('biz_sequence_template', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A built-in template's name per interface language; renamed by hand, they go. */
  names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
  stationId: integer('station_id').references(() => stations.id, { onDelete: 'cascade' }),
  steps: jsonb('steps').$type<StoredStep[]>().notNull(),
  builtIn: boolean('built_in').notNull().default(false),
  updateBy: integer('update_by').references(() => users.id, { onDelete: 'set null' }),
  createTime: at('create_time').notNull().defaultNow(),
  updateTime: at('update_time').notNull().defaultNow(),
});

/**
 * Runs of a template at a station. The steps are copied at start, so editing the template does
 * not change a run. At most one run per station is running (partial unique index). The executor
 * beats `heartbeat_time`; a running run whose beat stopped (its server was stopped) is failed as
 * interrupted by the first instance that sees it.
 */
export const sequenceRuns = pgTable(
  'biz_sequence_run',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id').references(() => sequenceTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name').notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    state: text('state', { enum: SEQUENCE_RUN_STATES }).notNull().default('running'),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    startTime: at('start_time').notNull().defaultNow(),
    endTime: at('end_time'),
    heartbeatTime: at('heartbeat_time').notNull().defaultNow(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    failedStep: integer('failed_step'),
    /** Stored as `@key {params}` (command-message.ts), shown in the reader's language. */
    message: text('message'),
  },
  (t) => [
    index('biz_sequence_run_station').on(t.stationId, t.id),
    uniqueIndex('biz_sequence_run_one_running').on(t.stationId).where(sql`${t.state} = 'running'`),
  ],
);

/** The progress of each step of a run (1-based `idx`). */
export const sequenceRunSteps = pgTable(
  'biz_sequence_run_step',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => sequenceRuns.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: SEQUENCE_STEP_STATES }).notNull().default('notRun'),
    deviceSns: jsonb('device_sns').$type<string[]>().notNull().default([]),
    commandIds: jsonb('command_ids').$type<number[]>().notNull().default([]),
    startTime: at('start_time'),
    endTime: at('end_time'),
    message: text('message'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.idx] })],
);
