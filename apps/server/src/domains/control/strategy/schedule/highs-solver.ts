import { HighsThread, SolverTimeoutError } from './highs-thread';

/** Seconds a MIP may search before its best solution so far is taken. */
export const MIP_TIME_LIMIT_S = 1;
/** Seconds an LP may take: this model solves in milliseconds, so reaching it means HiGHS is stuck. */
export const LP_TIME_LIMIT_S = 5;
/** Beyond HiGHS's own limit, the wall clock a solve may take before its thread is stopped. */
const WALL_GRACE_MS = 5_000;
/** Solves that may wait for the thread; beyond, a caller is told to try again. */
const MAX_QUEUED = 32;

/** The process's one solver thread (started at the first solve, idle without keeping Node alive). */
export const highsThread = new HighsThread(MAX_QUEUED);

/**
 * Solves LP text to optimality on the solver thread; any other outcome (infeasible, unbounded,
 * limits) is an Error — a SolverTimeoutError where the time ran out. A MIP is solved to a tight
 * gap (its objective is the whole bill, of which the savings are a part) within
 * MIP_TIME_LIMIT_S; at the limit its best solution is returned, or null if none.
 */
export async function solveLp(text: string, mip = false): Promise<Record<string, number> | null> {
  const limitS = mip ? MIP_TIME_LIMIT_S : LP_TIME_LIMIT_S;
  const { status, primal } = await highsThread.solve(
    text,
    // Presolve finds little to remove in a 96-step schedule and costs ~30 % of an LP solve.
    mip
      ? { output_flag: false, mip_rel_gap: 1e-9, time_limit: limitS }
      : { output_flag: false, presolve: 'off', time_limit: limitS },
    limitS * 1000 + WALL_GRACE_MS,
  );
  const timedOut = status === 'Time limit reached';
  if (timedOut && !mip) throw new SolverTimeoutError(limitS);
  if (status !== 'Optimal' && !timedOut) throw new Error(`schedule LP not solved: ${status}`);
  return Object.keys(primal).length > 0 ? primal : null;
}
