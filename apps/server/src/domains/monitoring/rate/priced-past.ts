import { localDateOf, type RateTemplateBody, TOU_PERIODS, type TouSegment } from '@ess/contract';
import type { TouTemplateRow } from './rate-lookup';

/**
 * Money stays as earned (domain.md): revenue is computed on each read from the template in force
 * that day, so changing a template that already priced a past day would rewrite that day. This
 * decides whether an edit would: the cut, the prices or the currency change, or the validity
 * moves over a day before a station's today.
 */
type Assignment = { validFrom: string | null; timezone: string };

// Field by field: a jsonb column gives its keys back in its own order.
const sameCut = (a: TouSegment[], b: TouSegment[]): boolean =>
  a.length === b.length &&
  a.every((s, i) => s.start === b[i]?.start && s.end === b[i]?.end && s.period === b[i]?.period);

/** The earlier of two validity bounds; null is open (before everything as a start, after as an end). */
const earlierStart = (a: string | null, b: string | null): string | null =>
  a === null || b === null ? null : a < b ? a : b;
const earlierEnd = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;

/** The template priced some past day: an assignment began before its station's today while it was valid. */
export function pricedPast(t: TouTemplateRow, assignments: Assignment[], now = Date.now()): string[] {
  const todays: string[] = [];
  for (const a of assignments) {
    const today = localDateOf(now, a.timezone);
    const began = a.validFrom === null || a.validFrom < today;
    const validBefore = t.validFrom === null || t.validFrom < today;
    if (began && validBefore) todays.push(today);
  }
  return todays;
}

/** Whether saving `b` over `t` changes what priced a day before `today`. */
export function rewritesPast(t: TouTemplateRow, b: RateTemplateBody, today: string): boolean {
  const samePrices = TOU_PERIODS.every((p) => t.prices[p] === b.prices[p]);
  if (!sameCut(t.segments, b.segments) || !samePrices || t.currency !== b.currency) return true;
  if (t.validFrom !== b.validFrom) {
    const lo = earlierStart(t.validFrom, b.validFrom);
    if (lo === null || lo < today) return true;
  }
  if (t.validTo !== b.validTo) {
    const lo = earlierEnd(t.validTo, b.validTo);
    if (lo !== null && lo < today) return true;
  }
  return false;
}
