/** A run of consecutive periods without data, listed as one row. */
export type EmptyRun = {
  kind: 'empty';
  /**
   * The run's oldest period: a run keeps its key while newer periods join or leave it (today
   * turning from no data to data), and no row with data has the same key.
   */
  key: string;
  /** Oldest and newest period of the run (equal for a single one). */
  from: string;
  to: string;
  /** Periods in the run. */
  count: number;
};

/**
 * What a daily (or monthly) table lists: a period with data, or a run of consecutive periods
 * without, shown as one row instead of a "no data" row each.
 */
export type TableEntry<T> = { kind: 'data'; key: string; row: T } | EmptyRun;

/**
 * The rows newest first, each run of adjacent rows without data collapsed into one entry.
 * Periods are the station's local `YYYY-MM-DD` dates or `YYYY-MM` months as the server sends
 * them, so ordering compares the strings and never reads them in the browser's zone.
 */
export function collapseEmptyDays<T extends { hasData: boolean }>(
  rows: readonly T[],
  periodOf: (row: T) => string,
): TableEntry<T>[] {
  const newestFirst = [...rows].sort((a, b) => {
    const pa = periodOf(a);
    const pb = periodOf(b);
    return pa < pb ? 1 : pa > pb ? -1 : 0;
  });
  const out: TableEntry<T>[] = [];
  for (const row of newestFirst) {
    const period = periodOf(row);
    if (row.hasData) {
      out.push({ kind: 'data', key: period, row });
      continue;
    }
    const last = out.at(-1);
    // Going back in time, an older empty period extends the run above it.
    if (last?.kind === 'empty') out[out.length - 1] = { ...last, key: period, from: period, count: last.count + 1 };
    else out.push({ kind: 'empty', key: period, from: period, to: period, count: 1 });
  }
  return out;
}
