import { z } from 'zod';
import { rowId } from '../ids';
import { pageOf, pageQuery } from '../paging';
import { epochMs } from '../time-schema';
import {
  WORKORDER_LIMITS as L,
  ORDER_ACTIONS,
  ORDER_PRIORITIES,
  ORDER_SCOPES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  ORDER_TYPES,
  TRACK_ACTIONS,
} from './constants';

export const orderStatus = z.literal(ORDER_STATUSES);
export const orderType = z.literal(ORDER_TYPES);
export const orderPriority = z.literal(ORDER_PRIORITIES);

/** A file of the file store (`POST /api/files/upload` answers its id). */
export const attachmentId = z.string().uuid();
export const attachmentIds = z.array(attachmentId).max(L.attachments);

/** Who may act on a task: one user, or every holder of a post. */
export const executor = z.union([z.object({ userId: rowId }).strict(), z.object({ postId: rowId }).strict()]);
export type Executor = z.infer<typeof executor>;

/** An executor as listed: its kind, id and name in the request's language. */
export const assignee = z.object({
  kind: z.enum(['user', 'post']),
  id: z.number().int(),
  name: z.string(),
});
export type Assignee = z.infer<typeof assignee>;

const opinion = z.string().trim().max(L.opinion);

/** A text value's limit; the server's form check names the field when it is passed. */
export const FORM_TEXT_MAX = 500;
/**
 * Values of the template's extra form fields by key (issue 23): text, number, date
 * (yyyy-mm-dd) or one of a select's options; null or '' is empty. The server checks them
 * against the fields the order took from its template at opening.
 */
export const formValues = z.record(
  z.string().max(32),
  z.union([z.string().max(FORM_TEXT_MAX * 4), z.number(), z.null()]),
);
export type FormValues = z.infer<typeof formValues>;

/** Fixed call (issue 23): open an order by hand. `executors` empty answers "executor cannot be empty". */
export const orderAddBody = z.object({
  title: z.string().trim().min(1).max(L.title),
  orderType,
  stationId: rowId,
  deviceId: rowId.optional(),
  alarmEventId: rowId.optional(),
  description: z.string().trim().max(L.description).optional(),
  remark: z.string().trim().max(L.remark).optional(),
  priority: orderPriority.optional(),
  plannedTime: epochMs.optional(),
  executors: z.array(executor).max(L.executors),
  /** The template to run; default: the enabled template of the order type. */
  templateId: rowId.optional(),
  attachmentIds: attachmentIds.optional(),
  imageIds: attachmentIds.optional(),
  /** The template's extra fields; required ones may still be empty until finish. */
  formValues: formValues.optional(),
});
export type OrderAddBody = z.infer<typeof orderAddBody>;
export const orderAddResult = z.object({ id: z.number().int(), number: z.string() });

/** Fixed call: the order lists. */
export const orderPageBody = pageQuery(['createdAt', 'plannedTime', 'priority', 'number'], {
  scope: z.enum(ORDER_SCOPES),
  stationId: rowId.optional(),
  status: orderStatus.optional(),
  orderType: orderType.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type OrderPageBody = z.infer<typeof orderPageBody>;

export const orderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: orderStatus,
  orderType,
  source: z.enum(ORDER_SOURCES),
  stationId: z.number().int(),
  stationName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  alarmEventId: z.number().int().nullable(),
  priority: orderPriority,
  plannedTime: z.number().nullable(),
  initiatorId: z.number().int().nullable(),
  initiatorName: z.string().nullable(),
  /** Who may act now (empty once the order has ended). */
  assignees: z.array(assignee),
  /** The process nodes waiting now. */
  activeNodeIds: z.array(z.string()),
  slaDueAt: z.number().nullable(),
  createdAt: z.number(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderPage = pageOf(orderRow);

/** Fixed call: one action on an order. 403: not the caller's to take; 409: the state does not allow it. */
export const orderActionBody = z.object({
  id: rowId,
  action: z.enum(ORDER_ACTIONS),
  /** allocate (the executor; default the order's executors), transfer and forward (required). */
  userId: rowId.optional(),
  /** back: the earlier node to return to (one of the detail's `backNodes`). */
  nodeId: z.string().trim().min(1).max(64).optional(),
  /** Required for back and void; finish keeps it as the result. */
  opinion: opinion.optional(),
  attachmentIds: attachmentIds.optional(),
  /** finish: values of the order's form fields (merged over the stored ones; every required one filled). */
  formValues: formValues.optional(),
});
export type OrderActionBody = z.infer<typeof orderActionBody>;
export const orderActionResult = z.object({ id: z.number().int(), status: orderStatus });

/** A form field of an order (the template's, taken at opening). */
export const orderFormField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'textarea', 'number', 'date', 'select']),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});
export type OrderFormField = z.infer<typeof orderFormField>;

export const orderIdBody = z.object({ id: rowId });
export const orderIdParams = z.object({ id: rowId });

/** A file linked to an order or a step. */
export const orderFile = z.object({ id: z.string(), name: z.string(), size: z.number(), contentType: z.string() });

/** Fixed call: the track — every step, newest last — and the nodes waiting now. */
export const trackStep = z.object({
  action: z.enum(TRACK_ACTIONS),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  time: z.number(),
  opinion: z.string().nullable(),
  nodeId: z.string().nullable(),
  /** The node the step led to (null: the order ended). */
  toNodeId: z.string().nullable(),
  attachments: z.array(orderFile),
});
export type TrackStep = z.infer<typeof trackStep>;
export const orderTrack = z.object({ steps: z.array(trackStep), activeNodeIds: z.array(z.string()) });
export type OrderTrack = z.infer<typeof orderTrack>;

/** A node of the order's process, for the back dialog and the diagram. */
export const processNode = z.object({ id: z.string(), name: z.string() });

/** The detail page: every spec 3 field, who may act, what the caller may do now. */
/** A user or post an order may be given to. */
export const candidatePerson = z.object({ id: z.number().int(), name: z.string() });

export const orderDetail = orderRow.extend({
  description: z.string().nullable(),
  remark: z.string().nullable(),
  executors: z.array(assignee),
  /** The user who accepted and handles the order. */
  executorId: z.number().int().nullable(),
  executorName: z.string().nullable(),
  executorPhone: z.string().nullable(),
  repairTime: z.number().nullable(),
  acceptTime: z.number().nullable(),
  finishTime: z.number().nullable(),
  images: z.array(orderFile),
  attachments: z.array(orderFile),
  templateId: z.number().int().nullable(),
  definitionId: z.number().int(),
  definitionKey: z.string(),
  /** The template's extra form fields as they were when the order opened, and their values by key. */
  formFields: z.array(orderFormField),
  formValues,
  /** Actions the caller may take now (the buttons to show). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  canDelete: z.boolean(),
  /** Earlier nodes `back` may return to. */
  backNodes: z.array(processNode),
  /** Users the caller may pick for allocate, transfer and forward (in the order's station scope). */
  candidateUsers: z.array(candidatePerson),
  candidatePosts: z.array(candidatePerson),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** Who a new order at a station may name as executors. */
export const orderCandidatesBody = z.object({ stationId: z.number().int().positive() });
export const orderCandidates = z.object({
  /** Enabled, writable users whose station scope holds the station. */
  users: z.array(candidatePerson),
  /** Enabled posts (the server resolves a post to its holders who see the station). */
  posts: z.array(candidatePerson),
});
export type OrderCandidates = z.infer<typeof orderCandidates>;

/** Export of a list (same filters as the page, every row up to the export cap). */
export const orderExportBody = orderPageBody.omit({ pageNum: true, pageSize: true });
