import { envelope, errorEnvelope, type Lang, ResultCode } from '@ess/contract';
import type { z } from 'zod';
import { translate } from '../i18n/messages';

/** The success envelope, with `msg` in the caller's language. */
export const ok = <T>(lang: Lang, data: T) => ({ code: ResultCode.OK as number, msg: translate(lang, 'ok'), data });

/** One envelope per answer's schema, so each is compiled to a serializer once (lib/response-serializer.ts). */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function envelopeOf<T extends z.ZodType>(data: T): ReturnType<typeof envelope<T>> {
  const known = envelopes.get(data) as ReturnType<typeof envelope<T>> | undefined;
  if (known) return known;
  const made = envelope(data);
  envelopes.set(data, made);
  return made;
}

/**
 * Response schemas for a route: the envelope of `data` plus the error envelope for failures
 * (and for `extra` statuses such as 409).
 */
export function replies<T extends z.ZodType>(data: T, extra: readonly number[] = []) {
  const errors = Object.fromEntries([400, 401, 403, 404, 429, ...extra].map((s) => [s, errorEnvelope]));
  return { 200: envelopeOf(data), ...errors };
}
