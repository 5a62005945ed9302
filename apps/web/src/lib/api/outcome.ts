import { ResultCode } from '@ess/contract';

/** What the client does with an answer (spec 8), decided without side effects so it can be tested. */
export type Outcome =
  | { kind: 'ok' }
  | { kind: 'expired' }
  | { kind: 'warning'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'silent' };

export type Answer =
  /** An envelope came back (whatever the HTTP status). */
  | { type: 'envelope'; status: number; code: number; msg: string; retryAfterS?: number | null }
  /** The server answered without an envelope (proxy page, empty body). */
  | { type: 'http'; status: number }
  | { type: 'timeout' }
  | { type: 'network' };

const BUSY_CODES: ReadonlySet<number> = new Set([
  ResultCode.PASSWORD_BUSY,
  ResultCode.DATABASE_BUSY,
  ResultCode.STRATEGY_SOLVE_TIMEOUT,
  ResultCode.STRATEGY_SOLVER_BUSY,
]);

export function decideOutcome(a: Answer, fallback: string): Outcome {
  if (a.type === 'timeout' || a.type === 'network') return { kind: 'silent' };
  if (a.type === 'http') {
    if (a.status === 500 || a.status === 503) return { kind: 'silent' };
    return { kind: 'error', text: `${fallback} (${a.status})` };
  }
  if (a.code === ResultCode.OK) return { kind: 'ok' };
  if (a.code === ResultCode.SESSION_EXPIRED || a.code === ResultCode.SESSION_INVALID) return { kind: 'expired' };
  if (a.code === ResultCode.BUSINESS_WARNING) return { kind: 'warning', text: a.msg };
  if (a.code === ResultCode.UNAUTHENTICATED) return { kind: 'warning', text: a.msg || fallback };
  // The platform's own "busy, try again shortly" answers say so; other 500/503s stay silent (spec 8).
  if (BUSY_CODES.has(a.code)) return { kind: 'warning', text: a.msg };
  if (a.status === 500 || a.status === 503) return { kind: 'silent' };
  return { kind: 'error', text: a.msg || fallback };
}
