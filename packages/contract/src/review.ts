import { z } from 'zod';
import { rowId } from './ids';
import { localDate } from './time-schema';

/** A run review covers at most a year of station-local days (spec 9 ranges end at "year"). */
export const MAX_REVIEW_DAYS = 366;

/** The nine indicators of spec 9, in display order. */
export const REVIEW_CODES = [
  'power',
  'energy',
  'efficiency',
  'storageLoss',
  'stationPowerUse',
  'unplannedOutage',
  'availability',
  'utilisation',
  'dispatchResponse',
] as const;
export type ReviewCode = (typeof REVIEW_CODES)[number];

/**
 * Spec 9's weights in %. As written they add up to 105 %, while a weighted total needs weights
 * summing to 1: each is divided by their sum (keeping the spec's proportions; docs/run-review.md).
 */
export const REVIEW_SPEC_WEIGHT_PCT: Record<ReviewCode, number> = {
  power: 20,
  energy: 20,
  efficiency: 15,
  storageLoss: 10,
  stationPowerUse: 5,
  unplannedOutage: 5,
  availability: 5,
  utilisation: 10,
  dispatchResponse: 15,
};
const SPEC_PCT_SUM = Object.values(REVIEW_SPEC_WEIGHT_PCT).reduce((s, v) => s + v, 0);
const weightOf = (code: ReviewCode): number => REVIEW_SPEC_WEIGHT_PCT[code] / SPEC_PCT_SUM;

/**
 * How each indicator is weighted and scored (docs/run-review.md): the normalised weight; the
 * score is linear from `floor` (0 points) to `target` (100 points), clamped to 0–100. A floor
 * above the target means lower is better.
 */
export const REVIEW_RULES: Record<ReviewCode, { weight: number; unit: string; floor: number; target: number }> = {
  power: { weight: weightOf('power'), unit: '%', floor: 60, target: 95 },
  energy: { weight: weightOf('energy'), unit: '%', floor: 60, target: 90 },
  efficiency: { weight: weightOf('efficiency'), unit: '%', floor: 80, target: 90 },
  storageLoss: { weight: weightOf('storageLoss'), unit: '%', floor: 20, target: 10 },
  stationPowerUse: { weight: weightOf('stationPowerUse'), unit: '%', floor: 8, target: 2 },
  unplannedOutage: { weight: weightOf('unplannedOutage'), unit: 'h', floor: 5, target: 0 },
  availability: { weight: weightOf('availability'), unit: '%', floor: 90, target: 99 },
  utilisation: { weight: weightOf('utilisation'), unit: '%', floor: 0, target: 80 },
  dispatchResponse: { weight: weightOf('dispatchResponse'), unit: '%', floor: 80, target: 98 },
};

/**
 * The 0–100 score of a value, linear between floor and target. Unplanned outage is scored on
 * its share of the period's hours (`scale`: hours of the period ÷ 100), so its floor is 5 %.
 */
export function reviewScore(code: ReviewCode, value: number | null, scale = 1): number | null {
  if (value === null) return null;
  const { floor, target } = REVIEW_RULES[code];
  const v = code === 'unplannedOutage' ? value / scale : value;
  const s = ((v - floor) / (target - floor)) * 100;
  return Math.round(Math.min(100, Math.max(0, s)) * 100) / 100;
}

const withinAYear = (v: { from: string; to: string }) =>
  v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_REVIEW_DAYS;

/** A station and an inclusive range of its local days, at most a year. */
export const reviewBody = z
  .object({ stationId: rowId, from: localDate, to: localDate })
  // Counted from the dates, not by listing them: a far `to` must be refused, not enumerated.
  .refine(withinAYear, { message: `from must not be after to, at most ${MAX_REVIEW_DAYS} days`, path: ['to'] });
export type ReviewBody = z.input<typeof reviewBody>;

export const reviewIndicator = z.object({
  code: z.enum(REVIEW_CODES),
  /** null: no data for it in the range (its weight goes to the others, `partial` is set). */
  value: z.number().nullable(),
  unit: z.string(),
  score: z.number().nullable(),
  weight: z.number(),
});
export type ReviewIndicator = z.infer<typeof reviewIndicator>;

/** The run-review pages' rights (seeded for operators and managers); a review call takes any of them. */
export const REVIEW_PERMS = {
  capacity: 'runReview:capacity:query',
  efficiency: 'runReview:efficiency:query',
  deviceStatus: 'runReview:deviceStatus:query',
} as const;

/** One station-local day behind the scores (the drill-down). */
export const reviewDay = z.object({
  date: z.string(),
  chargeKwh: z.number().nullable(),
  dischargeKwh: z.number().nullable(),
  auxKwh: z.number().nullable(),
  /** Demonstrated power: the largest quarter-hour energy × 4, kW. */
  maxChargeKw: z.number().nullable(),
  maxDischargeKw: z.number().nullable(),
  whole: z.boolean(),
  /** Hours of the day the storage meter did not read (energy-based outage, cause "offline"). */
  lostHours: z.number(),
  /** Why those hours were lost: the storage meter silent, a critical or major alarm, an open fault repair. */
  lostBy: z.object({ offline: z.number(), alarm: z.number(), workOrder: z.number() }),
  /** The station's SOC (%) in the day's first and last metered quarter hour (null: not read). */
  socStart: z.number().nullable(),
  socEnd: z.number().nullable(),
});
export type ReviewDay = z.infer<typeof reviewDay>;

export const reviewResult = z.object({
  /** Σ weight × score over the indicators with a score, divided by their weights' sum. */
  total: z.number().nullable(),
  partial: z.boolean(),
  indicators: z.array(reviewIndicator),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  /** Equivalent full cycles: Σ discharged ÷ capacity (Σ|ΔSOC| ÷ 2 when SOC is read). */
  cycles: z.number().nullable(),
  commands: z.object({ success: z.number().int(), failure: z.number().int(), timeout: z.number().int() }),
  /**
   * What the dispatch response is made of: quarter hours with an accepted plan and a storage power
   * reading, those within the deviation tolerance (% of rated power) of the plan.
   */
  dispatch: z.object({ quarters: z.number().int(), within: z.number().int(), tolerancePct: z.number() }),
  days: z.array(reviewDay),
});
export type ReviewResult = z.infer<typeof reviewResult>;

/** The same range for every station in the caller's scope. */
export const reviewRankingBody = z
  .object({ from: localDate, to: localDate })
  .refine(withinAYear, { message: `from must not be after to, at most ${MAX_REVIEW_DAYS} days`, path: ['to'] });
export type ReviewRankingBody = z.input<typeof reviewRankingBody>;

export const reviewRankingRow = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  total: z.number().nullable(),
  partial: z.boolean(),
  indicators: z.array(reviewIndicator),
});
export type ReviewRankingRow = z.infer<typeof reviewRankingRow>;
/** Best total first; stations without any score last. */
export const reviewRanking = z.object({ rows: z.array(reviewRankingRow) });

export const REVIEW_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** The ranking of a range as a file: every station in the caller's scope with its nine indicators. */
export const reviewExportBody = z
  .object({ from: localDate, to: localDate, format: z.enum(REVIEW_EXPORT_FORMATS) })
  .refine(withinAYear, { message: `from must not be after to, at most ${MAX_REVIEW_DAYS} days`, path: ['to'] });
export type ReviewExportBody = z.input<typeof reviewExportBody>;
