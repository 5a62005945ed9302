import type { CurveSeries } from '@ess/contract';
import type { TimeRange } from './history-range';

type Row = readonly number[];

const at = (r: Row | undefined) => r?.[0] ?? 0;

/** True when the rows are in time order (the API's are; checked, not assumed). */
function ordered(rows: readonly Row[]): boolean {
  let last = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    const t = r[0] ?? 0;
    if (t < last) return false;
    last = t;
  }
  return true;
}

/** The first index whose time is at least `t` (`strict`: more than `t`), in time-ordered rows. */
function bound(rows: readonly Row[], t: number, strict: boolean): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = at(rows[mid]);
    if (v < t || (strict && v === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The overview's rows outside the window with the detail's rows inside it, in time order. Ordered
 * rows (the usual case) are cut by binary search and joined; others are filtered and sorted.
 */
function spliceWindow<T extends Row>(outer: readonly T[], inner: readonly T[], win: TimeRange): T[] {
  if (ordered(outer) && ordered(inner)) {
    return [
      ...outer.slice(0, bound(outer, win.from, false)),
      ...inner.slice(bound(inner, win.from, false), bound(inner, win.to, true)),
      ...outer.slice(bound(outer, win.to, true)),
    ];
  }
  return [
    ...outer.filter((r) => at(r) < win.from || at(r) > win.to),
    ...inner.filter((r) => at(r) >= win.from && at(r) <= win.to),
  ].sort((a, b) => at(a) - at(b));
}

/**
 * The overview series with the zoom window's finer data in place of the overview's buckets that
 * fall inside the window, so the chart keeps its whole range (and the slider its context) while
 * the visible part shows the detail. Series are matched by device and code.
 */
export function mergeDetail(
  overview: readonly CurveSeries[],
  detail: readonly CurveSeries[] | undefined,
  win: TimeRange | null,
): CurveSeries[] {
  if (!detail || !win) return [...overview];
  const byKey = new Map(detail.map((s) => [`${s.deviceId}.${s.code}`, s]));
  return overview.map((s) => {
    const d = byKey.get(`${s.deviceId}.${s.code}`);
    if (!d) return s;
    const data = spliceWindow(s.data, d.data, win);
    // The overview's band outside the window, the detail's inside (raw samples carry none).
    const band = s.band ? spliceWindow(s.band, d.band ?? [], win) : null;
    const merged: CurveSeries = {
      deviceId: s.deviceId,
      code: s.code,
      name: s.name,
      unit: s.unit,
      resolution: d.resolution,
      bucketMs: d.bucketMs,
      data,
    };
    return band ? { ...merged, band } : merged;
  });
}
