import { z } from 'zod';
import {
  clientErrorPage,
  clientErrorPageBody,
  clientErrorReport,
  operationLogExportBody,
  operationLogPage,
  operationLogPageBody,
} from '../logs';
import { endpointGroup, FILE } from './endpoint';

/** Reading the logs (system menu "logs"); admins hold every permission. */
export const LOG_QUERY = 'sys:log:query';
/** Exporting the operation log (button of the logs page). */
export const LOG_EXPORT = 'sys:log:export';

/** The operation log and the client error log (system menu "logs", spec 8). */
export const logApi = /*#__PURE__*/ endpointGroup('log', {
  clientErrorAdd: {
    method: 'POST',
    path: '/sys/clientError/add',
    body: clientErrorReport,
    response: z.null(),
    // Errors happen before sign-in too (login page); a session, when present, names the user.
    access: { public: true },
    summary: 'Report an error of the web app (size-capped, rate-limited per address)',
  },
  clientErrorPage: {
    method: 'POST',
    path: '/sys/clientError/page',
    body: clientErrorPageBody,
    response: clientErrorPage,
    access: { perms: [LOG_QUERY] },
    summary: 'A page of the client error log, newest first, filtered by kind, text and time',
  },
  operationLogPage: {
    method: 'POST',
    path: '/sys/log/page',
    body: operationLogPageBody,
    response: operationLogPage,
    access: { perms: [LOG_QUERY] },
    summary:
      'A page of the operation log (sign-ins, changes), newest first unless sorted, filtered by user, name, method, outcome and time',
  },
  // The log has no edit or delete call on purpose: rows are written by the server only and
  // leave after OPERATION_LOG_RETENTION_DAYS (logs.service purge).
  operationLogExport: {
    method: 'POST',
    path: '/sys/log/export',
    body: operationLogExportBody,
    response: FILE,
    access: { perms: [LOG_EXPORT] },
    summary: 'The filtered operation log as Excel or CSV (at most OPERATION_LOG_EXPORT_MAX rows, newest first)',
  },
});
