import { ResultCode } from '@ess/contract';
import type { MessageKey } from '../i18n/messages';

/** A failure the client should see: HTTP status, body code and a translatable message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly key: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
    /** Response headers the answer carries (Retry-After of a 503). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(key);
  }
}

const CODE_OF_STATUS: Readonly<Record<number, number>> = {
  400: ResultCode.BAD_REQUEST,
  403: ResultCode.FORBIDDEN,
  404: ResultCode.NOT_FOUND,
  409: ResultCode.CONFLICT,
};

/** A refusal whose envelope code is its HTTP status's (one code for one meaning). */
export const refusal = (
  key: MessageKey,
  status: 400 | 403 | 404 | 409 = 400,
  params?: Record<string, string | number>,
) => new AppError(status, CODE_OF_STATUS[status] ?? ResultCode.BAD_REQUEST, key, params);

export const badRequest = (detail: string) => new AppError(400, ResultCode.BAD_REQUEST, 'badRequest', { detail });
export const forbidden = () => new AppError(403, ResultCode.FORBIDDEN, 'forbidden');
export const notFound = (key: MessageKey = 'notFound') => new AppError(404, ResultCode.NOT_FOUND, key);
export const conflict = () => new AppError(409, ResultCode.CONFLICT, 'conflict');

/** Spec 8 code 60000: the client shows the message as a warning (e.g. nothing to export). */
export const businessWarning = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(200, ResultCode.BUSINESS_WARNING, key, params);
