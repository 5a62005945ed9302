import { checkPlatTokenResult, screenTokenResult } from '@ess/contract';
import { request } from '../../api/client';

/** One-time token for a large-screen window; /common-screen uses the group variant (spec 2). */
export const applyScreenToken = (common: boolean) =>
  request(common ? '/sys/token/applyCommonLargeScreenToken' : '/sys/token/applyLargeScreenToken', {
    method: 'POST',
    schema: screenTokenResult,
  });

/** Whether the session is still valid, asked before opening an external link (spec 2). */
export const checkPlatToken = () =>
  request('/sys/token/checkPlatToken', { schema: checkPlatTokenResult, silent: true }).catch(() => false);
