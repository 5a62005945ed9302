/**
 * Work order constants (spec 3 "Work order", spec 4 statuses, sources and actions). The numbers
 * are the values stored and sent; the web shows them through its locale texts.
 */

/** 0 to be allocated, 1 allocated, 2 in progress, 3 finished, 4 voided. */
export const ORDER_STATUSES = [0, 1, 2, 3, 4] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS = { toAllocate: 0, allocated: 1, inProgress: 2, finished: 3, voided: 4 } as const;

/** 1 fault repair, 2 station inspection, 3 station cleaning. */
export const ORDER_TYPES = [1, 2, 3] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_TYPE = { faultRepair: 1, inspection: 2, cleaning: 3 } as const;

/** Where an order came from: an alarm rule, a schedule, a person, a person from an alarm. */
export const ORDER_SOURCES = ['automatic', 'scheduled', 'manual', 'alarmTransfer'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Actions of `order/action` (delete is its own call). */
export const ORDER_ACTIONS = ['allocate', 'accept', 'transfer', 'forward', 'back', 'void', 'finish', 'close'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Steps a track shows: the actions plus the order's creation and an SLA reminder or escalation. */
export const TRACK_ACTIONS = [...ORDER_ACTIONS, 'create', 'slaReminder', 'slaOverdue'] as const;
export type TrackAction = (typeof TRACK_ACTIONS)[number];

/**
 * One order's detail page: the link of its to-do and SLA notices (the server writes it) and of
 * the pages that point at an order (the web's cross-links).
 */
export const orderDetailPath = (id: number): string => `/operational-inspection/all-task-detail?id=${id}`;

/** 1 urgent, 2 high, 3 normal, 4 low. */
export const ORDER_PRIORITIES = [1, 2, 3, 4] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];

/** Lists of the order pages: my to-do, what I acted on, every order in my scope (managers). */
export const ORDER_SCOPES = ['todo', 'done', 'all'] as const;
export type OrderScope = (typeof ORDER_SCOPES)[number];

export const WORKORDER_LIMITS = {
  title: 100,
  description: 2000,
  remark: 500,
  opinion: 500,
  executors: 20,
  attachments: 10,
  /** A definition file as uploaded to import (the multipart part `file`), in bytes. */
  definitionBytes: 5 * 1024 * 1024,
  slaHours: 24 * 365,
  formFields: 30,
  cron: 100,
} as const;

/**
 * Permissions (the seeded menu's buttons and pages, menu-tree.ts). Reads of the order pages need
 * only a session plus station scope; acting needs the current assignment (and the button where
 * one exists); the all-orders list needs `task:all:query`.
 */
export const WORKORDER_PERMS = {
  add: 'ops:task:add',
  accept: 'ops:task:accept',
  transfer: 'ops:task:transfer',
  void: 'ops:task:void',
  delete: 'ops:task:delete',
  all: 'task:all:query',
  export: 'task:all:export',
  processQuery: 'ops:process:query',
  processImport: 'ops:process:import',
  processSuspend: 'ops:process:suspend',
  processActivate: 'ops:process:activate',
  processDelete: 'ops:process:delete',
  /** Templates, alarm rules and inspection schedules: what opens orders by itself. */
  templateQuery: 'ops:template:query',
  templateEdit: 'ops:template:edit',
} as const;
