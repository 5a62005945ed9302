import { ResultCode } from '@ess/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import { translate } from '../../../i18n/messages';

/**
 * Checks a sign-in answered "busy, come back later" (asked for in en_US): 503, a Retry-After of
 * at least a second, and the envelope whose message names those seconds. Returns the seconds.
 */
export function expectPasswordBusy(res: Response): number {
  expect(res.statusCode).toBe(503);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(res.json()).toEqual({
    code: ResultCode.PASSWORD_BUSY,
    msg: translate('en_US', 'passwordBusy', { seconds }),
    data: null,
  });
  return seconds;
}
