import { envelope, errorEnvelope, type Lang, ResultCode } from '@ess/contract';
import type { z } from 'zod';
import { translate } from '../i18n/messages';

/** The success envelope, with `msg` in the caller's language. */
export const ok = <T>(lang: Lang, data: T) => ({ code: ResultCode.OK as number, msg: translate(lang, 'ok'), data });

/** Response schemas for a route: the envelope of `data` plus the error envelope for failures. */
export function replies<T extends z.ZodType>(data: T) {
  return {
    200: envelope(data),
    400: errorEnvelope,
    401: errorEnvelope,
    403: errorEnvelope,
    404: errorEnvelope,
    429: errorEnvelope,
  };
}
