import { z } from 'zod';
import {
  clientErrorPage,
  clientErrorPageBody,
  clientErrorReport,
  operationLogPage,
  operationLogPageBody,
} from '../logs';
import { endpointGroup } from './endpoint';

/** Reading the logs (system menu "logs"); admins hold every permission. */
export const LOG_QUERY = 'sys:log:query';

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
    summary: 'A page of the operation log (sign-ins, changes), newest first, filtered by text, outcome and time',
  },
});
