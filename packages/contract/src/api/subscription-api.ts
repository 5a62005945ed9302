import { z } from 'zod';
import {
  subscriptionBody,
  subscriptionIdBody,
  subscriptionList,
  subscriptionSendResult,
  subscriptionUpdateBody,
} from '../report-subscription';
import { STATEMENT_PERMS } from '../statement';
import { endpointGroup } from './endpoint';

// A subscription sends what its holder may export: the statement's export right.
const mine = { perms: [STATEMENT_PERMS.export] } as const;
const write = { ...mine, mutates: true } as const;

/** The caller's own report subscriptions (earnings statement by e-mail). */
export const subscriptionApi = /*#__PURE__*/ endpointGroup('subscription', {
  subscriptionList: {
    method: 'POST',
    path: '/revenue/subscription/list',
    response: subscriptionList,
    access: mine,
    summary: 'The caller’s report subscriptions with their last delivery',
  },
  subscriptionAdd: {
    method: 'POST',
    path: '/revenue/subscription/add',
    body: subscriptionBody,
    response: z.object({ id: z.number().int() }),
    access: write,
    errors: [409],
    summary:
      'Subscribe to the earnings statement of stations in the caller’s scope: daily, weekly or monthly, a format, an hour',
  },
  subscriptionUpdate: {
    method: 'POST',
    path: '/revenue/subscription/update',
    body: subscriptionUpdateBody,
    response: z.null(),
    access: write,
    errors: [404],
    summary: 'Change one of the caller’s subscriptions',
  },
  subscriptionDelete: {
    method: 'POST',
    path: '/revenue/subscription/delete',
    body: subscriptionIdBody,
    response: z.null(),
    access: write,
    errors: [404],
    summary: 'Delete one of the caller’s subscriptions',
  },
  subscriptionSend: {
    method: 'POST',
    path: '/revenue/subscription/send',
    body: subscriptionIdBody,
    response: subscriptionSendResult,
    access: write,
    errors: [404, 409],
    summary: 'Send the last ended period now (to try a subscription); the scheduled delivery is not moved',
  },
});
