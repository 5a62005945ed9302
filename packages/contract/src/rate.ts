import { z } from 'zod';
import { rowId } from './ids';
import { pageOf, pageQuery, searchText } from './paging';
import { localDate } from './time-schema';
import { checkTouSegments, TOU_PERIODS, type TouPrices, type TouSegment, touSegment } from './tou';

/**
 * Rate templates (费率模板, /system/rate, issue 13 part 8): time-of-use price templates with
 * their daily period cut, prices per period and validity, and which stations use them when.
 */
export const RATE_PERMS = {
  query: 'sys:rate:query',
  add: 'sys:rate:add',
  edit: 'sys:rate:edit',
  delete: 'sys:rate:delete',
} as const;

/** Spec 5/9: numbers in plan and price lie within ±99,999,999. */
export const RATE_PRICE_LIMIT = 99_999_999;
/** The dictionary type of a template's electricity type (SEED_DICTS). */
export const ELECTRICITY_TYPE_DICT = 'electricityType';
export const RATE_LIMITS = { code: 32, name: 64, electricityType: 64, segments: 96, stations: 50 } as const;
/**
 * Energy is metered per quarter hour and a quarter belongs to the period in force at its start,
 * so period boundaries on quarter hours price every kWh exactly.
 */
export const RATE_SEGMENT_STEP_MINUTES = 15;

/**
 * Prices per kWh of each period. The type takes any finite number; the range (spec 5) is checked
 * by `rateTemplateProblem` so the form and the server say the same words. Negative prices are
 * allowed within it: spot-linked tariffs do go below zero, and the revenue formula stays right.
 */
export const ratePrices = z.object(
  Object.fromEntries(TOU_PERIODS.map((p) => [p, z.number()])) as Record<(typeof TOU_PERIODS)[number], z.ZodNumber>,
);

const fields = {
  /** The template number (编号): unique. */
  code: z.string().trim().min(1).max(RATE_LIMITS.code),
  name: z.string().trim().min(1).max(RATE_LIMITS.name),
  /** A value of the `electricityType` dictionary. */
  electricityType: z.string().trim().min(1).max(RATE_LIMITS.electricityType),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  segments: z.array(touSegment).max(RATE_LIMITS.segments),
  prices: ratePrices,
  /** Validity, inclusive local dates of the stations; null = open at that end. */
  validFrom: localDate.nullable(),
  validTo: localDate.nullable(),
  enabled: z.boolean(),
};
export const rateTemplateBody = z.object(fields);
export type RateTemplateBody = z.infer<typeof rateTemplateBody>;
export const rateTemplateUpdateBody = z.object({ id: rowId, ...fields });
export type RateTemplateUpdateBody = z.infer<typeof rateTemplateUpdateBody>;

export const RATE_SORTABLE = [
  'code',
  'name',
  'electricityType',
  'validFrom',
  'validTo',
  'enabled',
  'updateTime',
] as const;
export const ratePageBody = pageQuery(RATE_SORTABLE, {
  /** Matches the number or the name. */
  keyword: searchText(),
  electricityType: z.string().max(RATE_LIMITS.electricityType).optional(),
  enabled: z.boolean().optional(),
  /** Only templates valid on this date. */
  validOn: localDate.optional(),
});
export type RatePageBody = z.infer<typeof ratePageBody>;

export const rateStationRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const rateTemplate = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  electricityType: z.string(),
  currency: z.string(),
  segments: z.array(touSegment),
  prices: ratePrices,
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  enabled: z.boolean(),
  /** The stations using it that the caller may see. */
  stations: z.array(rateStationRef),
  /** Every station using it (a template in use cannot be deleted). */
  stationCount: z.number().int(),
  updateTime: z.string(),
});
export type RateTemplate = z.infer<typeof rateTemplate>;
export const ratePage = pageOf(rateTemplate);

export const rateIdParams = z.object({ id: rowId });
export const rateEnableBody = z.object({ id: rowId, enabled: z.boolean() });
export const rateStationBody = z.object({ stationId: rowId });
export const rateStationSaveBody = z.object({
  stationId: rowId,
  /** The station's templates, replacing those it had; the enabled ones must not overlap in validity. */
  templateIds: z.array(rowId).max(RATE_LIMITS.stations),
});
export type RateStationSaveBody = z.infer<typeof rateStationSaveBody>;

/** A station's templates over time and the one valid today on its clock. */
export const rateStationTemplates = z.object({
  stationId: z.number().int(),
  timezone: z.string(),
  /** The station's local date. */
  today: z.string(),
  /** The enabled template valid today, which prices today's revenue (null: none). */
  currentId: z.number().int().nullable(),
  templates: z.array(rateTemplate),
});
export type RateStationTemplates = z.infer<typeof rateStationTemplates>;

/** Why a template is refused; the server answers each in four languages, the form shows the same text. */
export type RateProblem =
  | 'segmentsEmpty'
  | 'segmentsOrder'
  | 'segmentsGap'
  | 'segmentsOverlap'
  | 'segmentsQuarter'
  | 'priceRange'
  | 'validityOrder';

const minuteOf = (t: string): number => {
  const [h = '0', m = '0'] = t.split(':');
  return Number(h) * 60 + Number(m);
};

/** The cut: 00:00–24:00 exactly once (tou.ts), boundaries on quarter hours. */
export function rateSegmentsProblem(segments: TouSegment[]): RateProblem | null {
  const problem = checkTouSegments(segments);
  if (problem === 'empty') return 'segmentsEmpty';
  if (problem === 'order') return 'segmentsOrder';
  if (problem === 'overlap') return 'segmentsOverlap';
  if (problem === 'gap') return 'segmentsGap';
  const off = (t: string) => minuteOf(t) % RATE_SEGMENT_STEP_MINUTES !== 0;
  return segments.some((s) => off(s.start) || off(s.end)) ? 'segmentsQuarter' : null;
}

export const priceInRange = (v: number): boolean =>
  Number.isFinite(v) && v >= -RATE_PRICE_LIMIT && v <= RATE_PRICE_LIMIT;

/** Spec 5 "end must not be less than start": a one-day validity (start = end) is allowed. */
export const validityProblem = (validFrom: string | null, validTo: string | null): RateProblem | null =>
  validFrom !== null && validTo !== null && validTo < validFrom ? 'validityOrder' : null;

/** Everything a template's own fields must satisfy (station overlaps are the server's to check). */
export function rateTemplateProblem(
  b: Pick<RateTemplateBody, 'segments' | 'validFrom' | 'validTo'> & { prices: TouPrices },
): RateProblem | null {
  return (
    rateSegmentsProblem(b.segments) ??
    (TOU_PERIODS.every((p) => priceInRange(b.prices[p])) ? null : 'priceRange') ??
    validityProblem(b.validFrom, b.validTo)
  );
}
