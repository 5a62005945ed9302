import { type CurveItem, MAX_INDICATORS } from '@ess/contract';

/** The tree's key of an indicator. */
export const indicatorKey = (i: CurveItem): string => `${i.deviceId}:${i.code}`;

export const parseIndicatorKey = (key: string): CurveItem | null => {
  const m = /^(\d+):([A-Za-z][A-Za-z0-9_]*)$/.exec(key);
  return m?.[1] && m[2] ? { deviceId: Number(m[1]), code: m[2] } : null;
};

/**
 * The new selection from the tree's checked keys, keeping the order in which indicators were
 * chosen (it is the chart's and the export's column order). More than `max` (spec 9: 50) is
 * refused: `over` and the current selection unchanged.
 */
export function nextSelection(
  current: readonly CurveItem[],
  checkedKeys: readonly string[],
  max = MAX_INDICATORS,
): { items: CurveItem[]; over: boolean } {
  const wanted = new Set(checkedKeys);
  const kept = current.filter((i) => wanted.has(indicatorKey(i)));
  const have = new Set(kept.map(indicatorKey));
  const added = checkedKeys.filter((k) => !have.has(k)).flatMap((k) => parseIndicatorKey(k) ?? []);
  const items = [...kept, ...added];
  if (items.length > max) return { items: [...current], over: true };
  return { items, over: false };
}

/** Distinct colours for up to 50 series: hues a golden angle apart, alternating lightness. */
export function seriesColor(index: number): string {
  const hue = Math.round((205 + index * 137.508) % 360);
  const light = index % 2 === 0 ? 48 : 38;
  return `hsl(${hue}, 70%, ${light}%)`;
}
