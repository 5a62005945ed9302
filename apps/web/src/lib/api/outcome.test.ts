import { ResultCode } from '@ess/contract';
import { describe, expect, it } from 'vitest';
import { decideOutcome } from './outcome';

const env = (status: number, code: number, msg = 'server says') => ({ type: 'envelope' as const, status, code, msg });

describe('client reaction to answers (spec 8)', () => {
  it('accepts code 200', () => {
    expect(decideOutcome(env(200, 200), 'Error')).toEqual({ kind: 'ok' });
  });
  it('logs out on 401001 and 401002', () => {
    expect(decideOutcome(env(401, ResultCode.SESSION_EXPIRED), 'Error').kind).toBe('expired');
    expect(decideOutcome(env(401, ResultCode.SESSION_INVALID), 'Error').kind).toBe('expired');
  });
  it('warns with the server message on 60000 and on a body code 401', () => {
    expect(decideOutcome(env(200, 60000, 'check plan'), 'Error')).toEqual({ kind: 'warning', text: 'check plan' });
    expect(decideOutcome(env(401, 401, 'log in first'), 'Error')).toEqual({ kind: 'warning', text: 'log in first' });
  });
  it('shows other codes as errors, with "Error" when the server sent no message', () => {
    expect(decideOutcome(env(400, 400101, 'wrong password'), 'Error')).toEqual({
      kind: 'error',
      text: 'wrong password',
    });
    expect(decideOutcome(env(409, 409, ''), 'Error')).toEqual({ kind: 'error', text: 'Error' });
  });
  it("warns with the server's text when the platform is busy (sign-ins, the embedded database, the optimiser)", () => {
    const busy = [
      ResultCode.PASSWORD_BUSY,
      ResultCode.DATABASE_BUSY,
      ResultCode.STRATEGY_SOLVE_TIMEOUT,
      ResultCode.STRATEGY_SOLVER_BUSY,
    ];
    for (const code of busy) {
      expect(decideOutcome(env(503, code, 'busy, try again'), 'Error')).toEqual({
        kind: 'warning',
        text: 'busy, try again',
      });
    }
  });
  it('stays silent on timeouts, network failures, 500 and 503', () => {
    expect(decideOutcome({ type: 'timeout' }, 'Error').kind).toBe('silent');
    expect(decideOutcome({ type: 'network' }, 'Error').kind).toBe('silent');
    expect(decideOutcome(env(500, 500), 'Error').kind).toBe('silent');
    expect(decideOutcome({ type: 'http', status: 503 }, 'Error').kind).toBe('silent');
    expect(decideOutcome({ type: 'http', status: 502 }, 'Error').kind).toBe('error');
  });
});
