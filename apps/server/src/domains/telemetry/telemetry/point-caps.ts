import type { DeviceInfo } from './registry-snapshot';

/** Most point codes a sample and a message may hold (INGEST_MAX_POINTS_PER_SAMPLE / _PER_MESSAGE). */
export type PointCaps = { perSample: number; perMessage: number };

/** The caps for one device: the configured ones, never below the device's own point list. */
export function capsFor(device: DeviceInfo, configured: PointCaps): PointCaps {
  const perSample = Math.max(configured.perSample, device.points.size);
  return { perSample, perMessage: Math.max(configured.perMessage, perSample) };
}

/**
 * Why a message holds too many point codes, and which sample shows it, or null: the first
 * sample over the per-sample cap, else the message over its cap (shown by its first sample).
 * Decided on counts alone, before any value is looked at.
 */
export function overCaps(
  codes: readonly number[],
  total: number,
  caps: PointCaps,
): { detail: string; sample: number } | null {
  for (let i = 0; i < codes.length; i++) {
    const n = codes[i] ?? 0;
    if (n > caps.perSample)
      return { detail: `${n} point codes in sample ${i}, more than ${caps.perSample} a sample`, sample: i };
  }
  if (total > caps.perMessage)
    return {
      detail: `${total} point codes in ${codes.length} samples, more than ${caps.perMessage} a message`,
      sample: 0,
    };
  return null;
}
