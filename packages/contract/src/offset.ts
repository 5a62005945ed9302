import { z } from 'zod';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';

/**
 * Calibration of a point (offset settings, 偏移量设置): the stored value is
 * raw × scale + offset, applied on ingest. Both within ±99,999,999; a scale of 0 would erase
 * the reading, so it is refused.
 */
export const OFFSET_LIMIT = 99_999_999;
export const DEFAULT_SCALE = 1;
export const DEFAULT_OFFSET = 0;

/** Why a calibration number is refused (message keys of the form and the server alike). */
export type OffsetProblem = 'offsetRange' | 'scaleZero';

export const checkOffsetValue = (v: number): OffsetProblem | null =>
  Number.isFinite(v) && Math.abs(v) <= OFFSET_LIMIT ? null : 'offsetRange';

export function checkScale(v: number): OffsetProblem | null {
  if (!Number.isFinite(v) || Math.abs(v) > OFFSET_LIMIT) return 'offsetRange';
  return v === 0 ? 'scaleZero' : null;
}

/** The value ingest stores for a raw reading. */
export const calibrated = (raw: number, scale: number, offset: number): number => raw * scale + offset;

export const OFFSET_SORTABLE = ['deviceName', 'code'] as const;

export const offsetPageBody = pageQuery(OFFSET_SORTABLE, {
  stationId: rowId,
  deviceId: rowId.optional(),
  /** Point code or name. */
  keyword: searchText(),
  /** Only points with a calibration other than scale 1, offset 0. */
  onlySet: z.boolean().optional(),
});
export type OffsetPageBody = z.input<typeof offsetPageBody>;

export const offsetRow = z.object({
  pointId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  sn: z.string(),
  code: z.string(),
  /** In the request's language. */
  name: z.string(),
  unit: z.string().nullable(),
  scale: z.number(),
  offset: z.number(),
  /** Who last changed it; null while the defaults apply. */
  updatedBy: z.string().nullable(),
  updateTime: z.number().nullable(),
});
export type OffsetRow = z.infer<typeof offsetRow>;
export const offsetPage = pageOf(offsetRow);

/** Ranges are checked by the service (checkScale, checkOffsetValue) with the form's messages. */
export const offsetItem = z.object({
  pointId: rowId,
  scale: z.number(),
  offset: z.number(),
});
export type OffsetItem = z.infer<typeof offsetItem>;

/** Sets the calibration of points of one station; scale 1 and offset 0 restore the default. */
export const offsetSaveBody = z.object({
  stationId: rowId,
  items: z.array(offsetItem).min(1).max(500),
});
export type OffsetSaveBody = z.input<typeof offsetSaveBody>;
