import { z } from 'zod';

/** Body codes of the envelope. HTTP status carries the class; `code` may be finer (spec 8). */
export const ResultCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  /** 登录凭证过期: idle or absolute session limit reached. */
  SESSION_EXPIRED: 401001,
  /** Token unknown, revoked (logout) or malformed. */
  SESSION_INVALID: 401002,
  /** Business warning: the client shows the message as a warning. */
  BUSINESS_WARNING: 60000,
  BAD_CREDENTIALS: 400101,
  BAD_CIPHER: 400102,
  KEY_REPLAYED: 400103,
  ACCOUNT_LOCKED: 429101,
  ACCOUNT_DISABLED: 403101,
  /** Too many password checks at once: try again after the Retry-After header's seconds. */
  PASSWORD_BUSY: 503101,
  /** The embedded database has too many calls waiting: answered at once, try again after Retry-After. */
  DATABASE_BUSY: 503102,
  /** The schedule optimiser did not finish within its time limit for this day's model. */
  STRATEGY_SOLVE_TIMEOUT: 503103,
  /** Too many schedule optimisations waiting: try again after the Retry-After header's seconds. */
  STRATEGY_SOLVER_BUSY: 503104,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().nullable(),
});

export type Envelope<T> = { code: number; msg: string; data: T };

/** Body of a call that reads none: absent, null, or any JSON object (its keys are ignored). */
export const emptyBody = z.object({}).nullish();
