import { sessionApi } from '@ess/contract';
import { call } from '../../api/client';

/** One-time token for a large-screen window; /common-screen uses the group variant (spec 2). */
export const applyScreenToken = (common: boolean) =>
  call(common ? sessionApi.applyCommonLargeScreenToken : sessionApi.applyLargeScreenToken);

/** Whether the session is still valid, asked before opening an external link (spec 2). */
export const checkPlatToken = () => call(sessionApi.checkPlatToken, undefined, { silent: true }).catch(() => false);
