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
  /** Re-pricing past days (issue 21 finding 3): held by administrators only. */
  reprice: 'sys:rate:reprice',
} as const;

/**
 * Price configuration (/revenue-management/price-configuration, issue 24 part 1): the same
 * templates and assignments seen and edited per station by the stations' operators. Each rate
 * call of a station takes either right (a call holds any one of its permissions).
 */
export const PRICE_CONFIG_PERMS = {
  query: 'revenueManagement:priceConfiguration:query',
  add: 'revenueManagement:priceConfiguration:add',
  edit: 'revenueManagement:priceConfiguration:edit',
  delete: 'revenueManagement:priceConfiguration:delete',
} as const;

/** The longest past a re-pricing reaches back, in days before the station's today. */
export const RATE_REPRICE_MAX_DAYS = 366;

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
/**
 * Assign a template to a station from a station-local date (issue 21 finding 3): today when
 * left out, never a past date (that is re-pricing, `rateReprice`). Assignments from that date on
 * give way to it; the days before keep theirs.
 */
export const rateStationSaveBody = z.object({
  stationId: rowId,
  templateId: rowId,
  validFrom: localDate.optional(),
});
export type RateStationSaveBody = z.infer<typeof rateStationSaveBody>;

/** A new price version of a station: a new template (its own number and name) priced from a date. */
export const rateStationVersionBody = z.object({
  stationId: rowId,
  validFrom: localDate.optional(),
  template: rateTemplateBody,
});
export type RateStationVersionBody = z.infer<typeof rateStationVersionBody>;

/** Withdraw an assignment that has not begun yet (one that priced a day stays: money as earned). */
export const rateStationUnassignBody = z.object({ stationId: rowId, assignmentId: rowId });
export type RateStationUnassignBody = z.infer<typeof rateStationUnassignBody>;

/** Re-price from a past station-local date: the preview and the apply take the same body. */
export const rateRepriceBody = z.object({ stationId: rowId, templateId: rowId, validFrom: localDate });
export type RateRepriceBody = z.infer<typeof rateRepriceBody>;

/** One day's revenue as earned (the assignment in force) and as re-priced; null: priced by none. */
export const rateRepriceDay = z.object({
  date: z.string(),
  oldRevenue: z.number().nullable(),
  newRevenue: z.number().nullable(),
  /** new − old, a missing price counted as 0. */
  difference: z.number(),
});
/** What re-pricing would change, day by day from `validFrom` to today (today so far: partial). */
export const rateReprice = z.object({
  stationId: z.number().int(),
  from: z.string(),
  /** The station's today, the last day listed (still running). */
  today: z.string(),
  currency: z.string(),
  days: z.array(rateRepriceDay),
  oldTotal: z.number(),
  newTotal: z.number(),
  difference: z.number(),
  /** Assignments starting after `validFrom` that the re-pricing replaces. */
  replaces: z.array(z.object({ validFrom: z.string(), templateCode: z.string() })),
});
export type RateReprice = z.infer<typeof rateReprice>;

/** One dated assignment of a station (null start: from the beginning). */
export const rateAssignment = z.object({
  id: z.number().int(),
  /** The template of the version, or null when the station follows a proxy price region. */
  templateId: z.number().int().nullable(),
  /** The proxy price region followed (proxy-price.ts), or null for a template. */
  proxyRegionId: z.number().int().nullable(),
  /** The template's or the region's number and name. */
  templateCode: z.string(),
  templateName: z.string(),
  validFrom: z.string().nullable(),
  createTime: z.string(),
});
export type RateAssignment = z.infer<typeof rateAssignment>;

/** A station's assignments over time and the template pricing today on its clock. */
export const rateStationTemplates = z.object({
  stationId: z.number().int(),
  timezone: z.string(),
  /** The station's local date. */
  today: z.string(),
  /** The template pricing today's revenue (null: none). */
  currentId: z.number().int().nullable(),
  /** The assignment in force today (null: none yet). */
  currentAssignmentId: z.number().int().nullable(),
  /** By start, the open start first. */
  assignments: z.array(rateAssignment),
  /** The templates of those assignments. */
  templates: z.array(rateTemplate),
  /** When the station follows a proxy price region today: the region, its cut and this month's prices (null: not published yet). */
  proxyToday: z
    .object({
      regionId: z.number().int(),
      code: z.string(),
      name: z.string(),
      month: z.string(),
      segments: z.array(touSegment),
      prices: ratePrices.nullable(),
      currency: z.string().nullable(),
    })
    .nullable(),
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
