import { ResultCode } from '@ess/contract';
import type { MessageKey } from '../../../i18n/messages';
import { AppError } from '../../../lib/app-error';

const PHONE_KEYS: Record<string, MessageKey> = {
  'validation.phoneEmpty': 'phoneEmpty',
  'validation.phoneLength': 'phoneLength',
  'validation.phoneFormat': 'phoneFormat',
};

/** A 400 with spec 5's phone message for a `checkPhone` result (the form's own text). */
export const phoneError = (check: string): AppError =>
  new AppError(400, ResultCode.BAD_REQUEST, PHONE_KEYS[check] ?? 'phoneFormat');

/** SQLSTATE of a failed statement, through Drizzle's wrapping error. */
export function sqlState(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = 'cause' in e ? e.cause : null;
  }
  return null;
}
