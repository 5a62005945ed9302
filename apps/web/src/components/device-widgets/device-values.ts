import type { LatestValue, LiveValues, PointMeta } from '@ess/contract';

/** A point's newest value; `text` is the server's state label when it came with one. */
export type PointValue = { value: number; ts: number; text?: string | null };
export type DeviceValues = Record<string, PointValue>;

/**
 * The values a widget shows: stored ones (latestByType, pointDataShowList) overlaid with the
 * live socket's, the newest sample of each point winning.
 */
export function mergeDeviceValues(
  stored: Readonly<Record<string, LatestValue | PointValue>> | undefined,
  live: LiveValues | undefined,
): DeviceValues {
  const out: DeviceValues = { ...stored };
  for (const [code, v] of Object.entries(live ?? {})) {
    const prev = out[code];
    // Same sample as stored: keep the stored one, it carries the state label.
    if (!prev || v.ts > prev.ts) out[code] = { value: v.value, ts: v.ts };
  }
  return out;
}

/** Newest sample time among the values, or null before any data. */
export const newestTs = (values: DeviceValues): number | null =>
  Object.values(values).reduce<number | null>((t, v) => (t === null || v.ts > t ? v.ts : t), null);

/** The label of a status value: the one sent with it, else the point's state table. */
export function stateLabel(meta: Pick<PointMeta, 'states'> | undefined, v: PointValue | undefined): string | null {
  if (!v) return null;
  if (v.text) return v.text;
  return meta?.states?.[String(v.value)] ?? null;
}
