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

/** Solves LP text to optimality; any other outcome (infeasible, unbounded, limits) is an Error. */
export async function solveLp(text: string): Promise<Record<string, number>> {
  const solver = await highs();
  const result = solver.solve(text, { output_flag: false });
  if (result.Status !== 'Optimal') throw new Error(`schedule LP not solved: ${result.Status}`);
  const primal: Record<string, number> = {};
  for (const [name, col] of Object.entries(result.Columns)) {
    if ('Primal' in col && typeof col.Primal === 'number') primal[name] = col.Primal;
  }
  return primal;
}
