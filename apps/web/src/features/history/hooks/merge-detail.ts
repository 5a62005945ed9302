import type { CurveSeries } from '@ess/contract';
import type { TimeRange } from './history-range';

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
  const outside = <T extends readonly number[]>(rows: readonly T[]) =>
    rows.filter((r) => (r[0] ?? 0) < win.from || (r[0] ?? 0) > win.to);
  const ordered = <T extends readonly number[]>(rows: T[]) => rows.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  return overview.map((s) => {
    const d = byKey.get(`${s.deviceId}.${s.code}`);
    if (!d) return s;
    const inside = <T extends readonly number[]>(rows: readonly T[] | undefined) =>
      (rows ?? []).filter((r) => (r[0] ?? 0) >= win.from && (r[0] ?? 0) <= win.to);
    const data = ordered([...outside(s.data), ...inside(d.data)]);
    // The overview's band outside the window, the detail's inside (raw samples carry none).
    const band = s.band ? ordered([...outside(s.band), ...inside(d.band)]) : null;
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
