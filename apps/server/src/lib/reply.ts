import { envelope, errorEnvelope, type Lang, ResultCode } from '@ess/contract';
import type { z } from 'zod';
import { translate } from '../i18n/messages';

/** The success envelope, with `msg` in the caller's language. */
export const ok = <T>(lang: Lang, data: T) => ({ code: ResultCode.OK as number, msg: translate(lang, 'ok'), data });

/**
 * Response schemas for a route: the envelope of `data` plus the error envelope for failures
 * (and for `extra` statuses such as 409).
 */
export function replies<T extends z.ZodType>(data: T, extra: readonly number[] = []) {
  const errors = Object.fromEntries([400, 401, 403, 404, 429, ...extra].map((s) => [s, errorEnvelope]));
  return { 200: envelope(data), ...errors };
}
