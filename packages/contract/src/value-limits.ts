import { z } from 'zod';

/**
 * Where a value stops being normal: past `warn…` a screen shows it in the warning colour, past
 * `alarm…` in the alarm colour, so an operator sees what is off before the alarm centre exists
 * (which will tie these to alarm definitions). A point carries its limit from its device model
 * (device-catalog.ts); values derived on screen (cell spreads, data age) take theirs from here.
 */
export const valueLimit = z
  .object({
    warnAbove: z.number().optional(),
    alarmAbove: z.number().optional(),
    warnBelow: z.number().optional(),
    alarmBelow: z.number().optional(),
  })
  .strict();
export type ValueLimit = z.infer<typeof valueLimit>;
export type LimitLevel = 'normal' | 'warning' | 'alarm';

/**
 * Battery limits of lithium iron phosphate cells, as the demo models are: the BMS trips at
 * 3.65 V and 55 °C (the alarm limits), a state of health under 80 % is end of life.
 */
export const CELL_LIMITS = {
  cellVmax: { warnAbove: 3.6, alarmAbove: 3.65 },
  cellVmin: { warnBelow: 2.9, alarmBelow: 2.8 },
  cellTmax: { warnAbove: 45, alarmAbove: 55 },
  cellTmin: { warnBelow: 5, alarmBelow: 0 },
  soh: { warnBelow: 85, alarmBelow: 80 },
} as const satisfies Record<string, ValueLimit>;

/** Spreads between a cluster's extreme cells: a widening spread is the first sign of a weak cell. */
export const CELL_SPREAD_LIMITS = {
  /** Max − min cell voltage, mV. */
  voltageMv: { warnAbove: 50, alarmAbove: 100 },
  /** Max − min cell temperature, °C. */
  temperatureC: { warnAbove: 5, alarmAbove: 8 },
} as const satisfies Record<string, ValueLimit>;

/**
 * Age of a device's newest value: a device reports every 10 s by default and counts as offline
 * after three intervals, so past 30 s its values are stale and past five minutes old.
 */
export const DATA_AGE_LIMIT_MS = { warnAbove: 30_000, alarmAbove: 300_000 } as const satisfies ValueLimit;

/** Which limit a value is past: the alarm limit before the warning limit. */
export type LimitBreach = { level: Exclude<LimitLevel, 'normal'>; side: 'above' | 'below'; bound: number };

export function limitBreach(
  value: number | null | undefined,
  limit: ValueLimit | null | undefined,
): LimitBreach | null {
  if (value === null || value === undefined || !Number.isFinite(value) || !limit) return null;
  const { warnAbove, alarmAbove, warnBelow, alarmBelow } = limit;
  if (alarmAbove !== undefined && value > alarmAbove) return { level: 'alarm', side: 'above', bound: alarmAbove };
  if (alarmBelow !== undefined && value < alarmBelow) return { level: 'alarm', side: 'below', bound: alarmBelow };
  if (warnAbove !== undefined && value > warnAbove) return { level: 'warning', side: 'above', bound: warnAbove };
  if (warnBelow !== undefined && value < warnBelow) return { level: 'warning', side: 'below', bound: warnBelow };
  return null;
}

export const limitLevel = (value: number | null | undefined, limit: ValueLimit | null | undefined): LimitLevel =>
  limitBreach(value, limit)?.level ?? 'normal';
