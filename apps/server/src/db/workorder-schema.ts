import type { Names, OrderSource, TemplateFormField } from '@ess/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stations, users } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A user task of a definition as the import read it (status, who may act). */
export type DefinitionNode = {
  id: string;
  name: string;
  names?: Partial<Names>;
  /** Order status while this task waits (ess:status; default 2 in progress). */
  status: number;
  /** `${initiator}`, `${executor}` or a user name (camunda/activiti/flowable assignee). */
  assignee: string | null;
  candidateUsers: string[];
  /** Post codes (sys_post.code). */
  candidateGroups: string[];
  /** Where each action leads from here: `allocate`, `accept`, `finish`, `close`, `void`, `back_<node>`. */
  routes: Record<string, string>;
};

/** A whom-to-act entry: one user or every holder of a post. */
export type AssigneeRef = { userId: number } | { postId: number };

/**
 * Process definitions (issue 23 part 2), versioned by key: importing a known key adds a
 * version; new orders take the newest active one, running orders keep theirs (their engine
 * state carries the definition).
 */
export const processDefinitions = pgTable(
  'wo_definition',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** A seeded definition's name per interface language. */
    names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
    xml: text('xml').notNull(),
    nodes: jsonb('nodes').$type<DefinitionNode[]>().notNull(),
    suspended: boolean('suspended').notNull().default(false),
    builtIn: boolean('built_in').notNull().default(false),
    deployedAt: at('deployed_at').notNull().defaultNow(),
    deployedBy: text('deployed_by'),
    /** Deleted versions stay for the diagrams of the orders that ran on them. */
    deletedAt: at('deleted_at'),
  },
  (t) => [uniqueIndex('wo_definition_key_version').on(t.key, t.version)],
);

/** Order templates: order type → process key, default executors, SLA, extra form fields. */
export const orderTemplates = pgTable('wo_template', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** A seeded template's name per interface language; an edited name drops them. */
  names: jsonb('names').$type<Partial<Names>>().notNull().default({}),
  orderType: smallint('order_type').notNull(),
  definitionKey: text('definition_key').notNull(),
  executorPostIds: jsonb('executor_post_ids').$type<number[]>().notNull().default([]),
  executorUserIds: jsonb('executor_user_ids').$type<number[]>().notNull().default([]),
  slaHours: integer('sla_hours'),
  formFields: jsonb('form_fields').$type<unknown[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Work orders. `engineState` is bpmn-engine's `getState()` after the last committed step and
 * `version` guards every step: a step is one conditional update (`where version = v`) with its
 * track row in the same transaction, so two instances never advance one order twice.
 */
export const workOrders = pgTable(
  'wo_order',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    title: text('title').notNull(),
    orderType: smallint('order_type').notNull(),
    source: text('source').$type<OrderSource>().notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id'),
    alarmEventId: integer('alarm_event_id'),
    description: text('description'),
    remark: text('remark'),
    priority: smallint('priority').notNull().default(3),
    plannedTime: at('planned_time'),
    initiatorId: integer('initiator_id').references(() => users.id, { onDelete: 'set null' }),
    executors: jsonb('executors').$type<AssigneeRef[]>().notNull(),
    executorId: integer('executor_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: integer('template_id'),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => processDefinitions.id),
    status: smallint('status').notNull(),
    activeNodeIds: jsonb('active_node_ids').$type<string[]>().notNull().default([]),
    /** Who may act on the waiting task now. */
    assignees: jsonb('assignees').$type<AssigneeRef[]>().notNull().default([]),
    engineState: jsonb('engine_state').notNull(),
    version: integer('version').notNull().default(0),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    /** The template's extra form fields as they were at opening: later template edits leave the order alone. */
    formFields: jsonb('form_fields').$type<TemplateFormField[]>().notNull().default([]),
    /** The values of those fields by key (issue 23). */
    formValues: jsonb('form_values').$type<Record<string, string | number | null>>().notNull().default({}),
    slaDueAt: at('sla_due_at'),
    slaRemindedAt: at('sla_reminded_at'),
    slaEscalatedAt: at('sla_escalated_at'),
    repairTime: at('repair_time'),
    acceptTime: at('accept_time'),
    finishTime: at('finish_time'),
    endedAt: at('ended_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('wo_order_station').on(t.stationId, t.status),
    // The alarm lists look up each alarm's order, ended ones too.
    index('wo_order_alarm').on(t.alarmEventId).where(sql`${t.alarmEventId} is not null`),
    // One running order per alarm event, whichever instance opens it.
    uniqueIndex('wo_order_alarm_open')
      .on(t.alarmEventId)
      .where(sql`${t.alarmEventId} is not null and ${t.endedAt} is null`),
  ],
);

/** Every step of an order: who, when, opinion, attachments, from which node to which. */
export const orderSteps = pgTable(
  'wo_step',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    time: at('time').notNull().defaultNow(),
    opinion: text('opinion'),
    nodeId: text('node_id'),
    toNodeId: text('to_node_id'),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [index('wo_step_order').on(t.orderId), index('wo_step_user').on(t.userId)],
);

/**
 * The boundary timers an order's instance has armed now (the engine records them instead of
 * running them), replaced with engine_state in the same transaction. The timer runner fires
 * the due ones under the order's version guard; `sla` is the boundary event's ess:sla.
 */
export const orderTimers = pgTable(
  'wo_order_timer',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    boundaryId: text('boundary_id').notNull(),
    attachedTo: text('attached_to').notNull(),
    sla: text('sla').$type<'reminder' | 'overdue'>(),
    dueAt: at('due_at').notNull(),
  },
  (t) => [uniqueIndex('wo_order_timer_key').on(t.orderId, t.boundaryId), index('wo_order_timer_due').on(t.dueAt)],
);

/** Order numbers: the last sequence used per local day (one upsert per order). */
export const orderNumbers = pgTable('wo_number', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});

/** Alarm → order rules: per station, alarms of `minLevel` or more severe open an order. */
export const orderRules = pgTable(
  'wo_rule',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    minLevel: smallint('min_level').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => orderTemplates.id),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('wo_rule_station').on(t.stationId)],
);

/** Scheduled inspections and cleanings: a cron in the station's zone. */
export const orderSchedules = pgTable(
  'wo_schedule',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    orderType: smallint('order_type').notNull(),
    cron: text('cron').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => orderTemplates.id),
    title: text('title').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
  },
  (t) => [index('wo_schedule_station').on(t.stationId)],
);
