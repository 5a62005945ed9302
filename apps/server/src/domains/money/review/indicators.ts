import {
  REVIEW_CODES,
  REVIEW_RULES,
  type ReviewCode,
  type ReviewDay,
  type ReviewIndicator,
  reviewScore,
} from '@ess/contract';

export type CommandCounts = { success: number; failure: number; timeout: number };
export type ReviewInput = {
  ratedPowerKw: number;
  capacityKwh: number;
  days: ReviewDay[];
  /** Hours of the ended days of the range (the base of availability). */
  periodHours: number;
  commands: CommandCounts;
  /** Quarter hours with an accepted plan and a reading, and those within tolerance of it. */
  dispatch: { quarters: number; within: number };
};

const pct = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 1e6) / 1e4 : null);
const sum = (xs: (number | null)[]): number | null =>
  xs.some((x) => x !== null) ? xs.reduce<number>((s, x) => s + (x ?? 0), 0) : null;
const max = (xs: (number | null)[]): number | null => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? Math.max(...known) : null;
};

/**
 * The nine values (docs/run-review.md). Efficiency and storage loss use whole days only (a
 * partial day's charge and discharge need not belong to the same cycles); the rest every day.
 */
export function indicatorValues(r: ReviewInput): Record<ReviewCode, number | null> {
  const whole = r.days.filter((d) => d.whole);
  const wCharge = sum(whole.map((d) => d.chargeKwh)) ?? 0;
  // Energy left in (or taken from) the battery over those days: ΔSOC × capacity, where SOC was read.
  const wStored = whole.reduce(
    (s, d) => s + (d.socStart !== null && d.socEnd !== null ? ((d.socEnd - d.socStart) / 100) * r.capacityKwh : 0),
    0,
  );
  const wDischarge = sum(whole.map((d) => d.dischargeKwh)) ?? 0;
  const charge = sum(r.days.map((d) => d.chargeKwh));
  const discharge = sum(r.days.map((d) => d.dischargeKwh));
  const aux = sum(r.days.map((d) => d.auxKwh));
  const maxC = max(r.days.map((d) => d.maxChargeKw));
  const maxD = max(r.days.map((d) => d.maxDischargeKw));
  const bestDay = max(r.days.map((d) => d.dischargeKwh));
  const lost = r.days.reduce((s, d) => s + d.lostHours, 0);
  const metered = charge !== null || discharge !== null;
  return {
    // The weaker direction counts: a station that charges at full power but discharges at half is half.
    power: maxC !== null && maxD !== null ? pct(Math.min(maxC, maxD), r.ratedPowerKw) : null,
    energy: bestDay !== null ? pct(bestDay, r.capacityKwh) : null,
    efficiency: pct(wDischarge, wCharge),
    storageLoss: wCharge > 0 ? pct(Math.max(0, wCharge - wDischarge - wStored), wCharge) : null,
    stationPowerUse: aux !== null && charge !== null ? pct(aux, charge) : null,
    unplannedOutage: metered && r.periodHours > 0 ? Math.round(lost * 100) / 100 : null,
    availability: metered ? pct(r.periodHours - lost, r.periodHours) : null,
    utilisation: discharge !== null ? pct(discharge, r.capacityKwh * r.days.length) : null,
    // The plan followed within the dispatch deviation's tolerance (docs/control-precedence.md).
    dispatchResponse: pct(r.dispatch.within, r.dispatch.quarters),
  };
}

/** Values scored and weighted; the total over the scored ones, re-weighted to their share. */
export function scoreIndicators(
  values: Record<ReviewCode, number | null>,
  periodHours: number,
): { total: number | null; partial: boolean; indicators: ReviewIndicator[] } {
  const indicators = REVIEW_CODES.map((code) => ({
    code,
    value: values[code],
    unit: REVIEW_RULES[code].unit,
    score: reviewScore(code, values[code], periodHours / 100),
    weight: REVIEW_RULES[code].weight,
  }));
  const scored = indicators.filter((i) => i.score !== null);
  const weights = scored.reduce((s, i) => s + i.weight, 0);
  const points = scored.reduce((s, i) => s + i.weight * (i.score ?? 0), 0);
  return {
    total: weights > 0 ? Math.round((points / weights) * 100) / 100 : null,
    partial: scored.length < indicators.length,
    indicators,
  };
}
