import loadHighs from 'highs';

type Highs = Awaited<ReturnType<typeof loadHighs>>;
export type LpSolution = ReturnType<Highs['solve']>;

let loading: Promise<Highs> | null = null;

/** The HiGHS WASM module, loaded once per process (the load takes ~50 ms, a solve less). */
export function highs(): Promise<Highs> {
  if (!loading) {
    loading = loadHighs().catch((err: unknown) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

/** Seconds a MIP may search before its best solution so far is taken. */
export const MIP_TIME_LIMIT_S = 1;

/**
 * Solves LP text to optimality; any other outcome (infeasible, unbounded, limits) is an Error.
 * A MIP is solved to a tight gap (its objective is the whole bill, of which the savings are a
 * part) within MIP_TIME_LIMIT_S; at the limit its best solution is returned, or null if none.
 */
export async function solveLp(text: string, mip = false): Promise<Record<string, number> | null> {
  const solver = await highs();
  const result = solver.solve(
    text,
    // Presolve finds little to remove in a 96-step schedule and costs ~30 % of an LP solve.
    mip
      ? { output_flag: false, mip_rel_gap: 1e-9, time_limit: MIP_TIME_LIMIT_S }
      : { output_flag: false, presolve: 'off' },
  );
  const timedOut = mip && result.Status === 'Time limit reached';
  if (result.Status !== 'Optimal' && !timedOut) throw new Error(`schedule LP not solved: ${result.Status}`);
  const primal: Record<string, number> = {};
  for (const [name, col] of Object.entries(result.Columns)) {
    if ('Primal' in col && typeof col.Primal === 'number') primal[name] = col.Primal;
  }
  return Object.keys(primal).length > 0 ? primal : null;
}
