import { z } from 'zod';
import { pageNumber } from './ids';
import { pageOf, pageQuery, SORT_ORDERS, searchText } from './paging';
import { epochMs } from './time-schema';

/**
 * The client error log (spec 8: "client errors in production are logged to an error log list").
 * `render`: a component threw (caught by an error boundary); `error` and `unhandledRejection`:
 * the window's uncaught errors; `chunkLoad`: a page's code failed to download (after a deploy).
 */
export const CLIENT_ERROR_KINDS = ['render', 'error', 'unhandledRejection', 'chunkLoad'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Limits of one report: the size cap of the call. */
export const CLIENT_ERROR_LIMITS = { message: 2_000, stack: 8_000, url: 2_000, release: 64 } as const;

const capped = (max: number) => z.string().max(max);

export const clientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: capped(CLIENT_ERROR_LIMITS.message).min(1),
  /** The error's stack (for `render`, followed by the component stack). */
  stack: capped(CLIENT_ERROR_LIMITS.stack).nullish(),
  /** The page (path and query) where it happened. */
  url: capped(CLIENT_ERROR_LIMITS.url),
  /** The web build that reported it. */
  release: capped(CLIENT_ERROR_LIMITS.release),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

export const clientErrorRow = z.object({
  id: z.number().int(),
  at: z.number().int(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string(),
  release: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ClientErrorRow = z.infer<typeof clientErrorRow>;

const range = {
  pageNum: pageNumber(100_000).default(1),
  pageSize: pageNumber(100).default(20),
  /** Part of the message, page, user name (and for the operation log: name, method). */
  keyword: z.string().trim().max(100).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
};
const ordered = (b: { from?: number | undefined; to?: number | undefined }) =>
  b.from === undefined || b.to === undefined || b.from <= b.to;

export const clientErrorPageBody = z
  .object({ ...range, kind: z.enum(CLIENT_ERROR_KINDS).optional() })
  .refine(ordered, { message: 'from must not be after to', path: ['to'] });
export type ClientErrorPageBody = z.infer<typeof clientErrorPageBody>;

export const clientErrorPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(clientErrorRow),
});

/** A row of the operation log (spec 3 "Log": name, IP, request method, method name, parameters, duration, time). */
export const operationLogRow = z.object({
  id: z.number().int(),
  /** What was done: the call's summary, or an event name of sign-in (`login.success`, …). */
  name: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  /** HTTP method of the call. */
  method: z.string().nullable(),
  /** The call's name in the endpoint table (`alarmDefinitionAdd`), or the sign-in step. */
  methodName: z.string().nullable(),
  /** The call's input as JSON, secrets replaced by `***`, capped at OPERATION_LOG_PARAMS_MAX characters. */
  params: z.string().nullable(),
  durationMs: z.number().int(),
  success: z.boolean(),
  /** HTTP status of the answer; null for rows written by a service (sign-in steps). */
  status: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type OperationLogRow = z.infer<typeof operationLogRow>;

/** Longest parameters text a row keeps. */
export const OPERATION_LOG_PARAMS_MAX = 2_000;
/** Rows one export holds at most (the newest of the filter). */
export const OPERATION_LOG_EXPORT_MAX = 50_000;
/** Days the operation log is kept. */
export const OPERATION_LOG_RETENTION_DAYS = 180;
export const OPERATION_LOG_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const OPERATION_LOG_SORTABLE = ['createTime', 'durationMs', 'username', 'name', 'methodName'] as const;
export const OPERATION_LOG_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

const operationLogFilters = {
  /** Part of the name, user, handler name or IP. */
  keyword: searchText(100),
  /** Part of the user name. */
  username: searchText(64),
  /** Part of the name or the handler name. */
  name: searchText(100),
  method: z.enum(OPERATION_LOG_METHODS).optional(),
  success: z.boolean().optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
};

export const operationLogPageBody = pageQuery(OPERATION_LOG_SORTABLE, operationLogFilters).refine(ordered, {
  message: 'from must not be after to',
  path: ['to'],
});
export type OperationLogPageBody = z.infer<typeof operationLogPageBody>;
export type OperationLogFilter = Omit<OperationLogPageBody, 'pageNum' | 'pageSize'>;

export const operationLogPage = pageOf(operationLogRow);

/** Whether a text names an IANA time zone this runtime knows. */
const knownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The filtered rows as a spreadsheet, times on the reader's clock (`timeZone`, named in the header). */
export const operationLogExportBody = z
  .object({
    ...operationLogFilters,
    orderBy: z.enum(OPERATION_LOG_SORTABLE).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    timeZone: z.string().max(64).refine(knownZone, { message: 'unknown time zone' }).default('UTC'),
    format: z.enum(OPERATION_LOG_EXPORT_FORMATS).default('xlsx'),
  })
  .refine(ordered, { message: 'from must not be after to', path: ['to'] });
export type OperationLogExportBody = z.infer<typeof operationLogExportBody>;
