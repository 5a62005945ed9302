import { z } from 'zod';
import { emptyBody } from '../envelope';
import {
  notifyChainBody,
  notifyConfig,
  notifyIdBody,
  notifyLogPage,
  notifyLogPageBody,
  notifyQuietBody,
  notifyRateBody,
  notifyStationBody,
  notifyTestBody,
  notifyTestResult,
  notifyUserBody,
} from '../notify';
import { endpointGroup } from './endpoint';

/**
 * Permissions of the notification settings (/system/sms-configuration). The seeded menu grants
 * that page to administrators only and no role holds these, so both are admin-only until an
 * administrator grants them; writes are also refused to read-only accounts.
 */
export const NOTIFY_PERMS = { query: 'sys:notify:query', edit: 'sys:notify:edit' } as const;

const read = { perms: [NOTIFY_PERMS.query, NOTIFY_PERMS.edit] } as const;
const write = { perms: [NOTIFY_PERMS.edit], mutates: true } as const;
const base = '/system/notify';

/** Alarm notifications: escalation chains, quiet hours, rate limits, test send, the delivery log. */
export const notifyApi = /*#__PURE__*/ endpointGroup('notify', {
  notifyConfig: {
    method: 'POST',
    path: `${base}/config`,
    body: emptyBody,
    response: notifyConfig,
    access: read,
    summary: 'Notification chains, quiet hours, rate limits, configured channels and the recipients to choose from',
  },
  notifyChainSave: {
    method: 'POST',
    path: `${base}/chain/save`,
    body: notifyChainBody,
    response: z.object({ id: z.number().int() }),
    access: write,
    summary: 'Add (no id) or replace an escalation chain with its steps',
  },
  notifyChainDelete: {
    method: 'POST',
    path: `${base}/chain/delete`,
    body: notifyIdBody,
    response: z.null(),
    access: write,
    summary: 'Delete an escalation chain (its pending repeats and escalations stop)',
  },
  notifyQuietSave: {
    method: 'POST',
    path: `${base}/quiet/save`,
    body: notifyQuietBody,
    response: z.null(),
    access: write,
    summary: "Set a user's quiet hours (no e-mail or SMS then, critical alarms optionally excepted)",
  },
  notifyQuietDelete: {
    method: 'POST',
    path: `${base}/quiet/delete`,
    body: notifyUserBody,
    response: z.null(),
    access: write,
    summary: "Remove a user's quiet hours",
  },
  notifyRateSave: {
    method: 'POST',
    path: `${base}/rate/save`,
    body: notifyRateBody,
    response: z.null(),
    access: write,
    summary: "Set a station's rate limit: messages per recipient per window",
  },
  notifyRateDelete: {
    method: 'POST',
    path: `${base}/rate/delete`,
    body: notifyStationBody,
    response: z.null(),
    access: write,
    summary: "Remove a station's own rate limit (the default applies)",
  },
  notifyTestSend: {
    method: 'POST',
    path: `${base}/test`,
    body: notifyTestBody,
    response: notifyTestResult,
    access: write,
    summary: 'Send a test notification to a user on one channel (logged like any other)',
  },
  notifyLogPage: {
    method: 'POST',
    path: `${base}/log/page`,
    body: notifyLogPageBody,
    response: notifyLogPage,
    access: read,
    summary: 'The notification log, newest first: sent, suppressed and failed, each with its reason',
  },
});
