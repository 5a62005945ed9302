import { addDays, datesBetween, localDateOf } from '@ess/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stationTouTemplates } from '../../db/rate-schema';
import { touTemplates } from '../../db/schema';

/**
 * The one place that answers "which price template prices this station's local day" (issue 13
 * part 8). Every revenue on the server (home KPIs, overview of sites, incomeData, earnings and
 * charge-discharge exports, the station report) and the simulator's TOU cut go through it.
 */
export type TouTemplateRow = typeof touTemplates.$inferSelect;

type Validity = Pick<TouTemplateRow, 'validFrom' | 'validTo'>;

/** Valid on a local date: validFrom ≤ date ≤ validTo, inclusive, a null end open. */
export const validOn = (t: Validity, date: string): boolean =>
  (t.validFrom === null || t.validFrom <= date) && (t.validTo === null || date <= t.validTo);

/** Two validity ranges share at least one day (both inclusive, null ends open). */
export const validitiesOverlap = (a: Validity, b: Validity): boolean =>
  (a.validFrom === null || b.validTo === null || a.validFrom <= b.validTo) &&
  (b.validFrom === null || a.validTo === null || b.validFrom <= a.validTo);

/**
 * The enabled templates assigned to each station, by validity start. The rate service keeps a
 * station's enabled templates free of overlaps, so at most one is valid on any day.
 */
export async function stationTariffs(db: Db, stationIds: number[]): Promise<Map<number, TouTemplateRow[]>> {
  const out = new Map<number, TouTemplateRow[]>(stationIds.map((id) => [id, []]));
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({ stationId: stationTouTemplates.stationId, template: touTemplates })
    .from(stationTouTemplates)
    .innerJoin(touTemplates, eq(touTemplates.id, stationTouTemplates.templateId))
    .where(and(inArray(stationTouTemplates.stationId, stationIds), eq(touTemplates.enabled, true)))
    .orderBy(asc(touTemplates.validFrom), asc(touTemplates.id));
  for (const r of rows) out.get(r.stationId)?.push(r.template);
  return out;
}

/** The template in force on a local date among a station's enabled templates (null: none). */
export const templateOn = (templates: TouTemplateRow[], date: string): TouTemplateRow | null =>
  templates.find((t) => validOn(t, date)) ?? null;

/** A run of consecutive local dates priced by the same template (or by none). */
export type TariffRun = { from: string; to: string; template: TouTemplateRow | null };

/** [from, to] cut into runs of days that share their template, in date order. */
export function tariffRuns(templates: TouTemplateRow[], from: string, to: string): TariffRun[] {
  const runs: TariffRun[] = [];
  for (const date of datesBetween(from, to)) {
    const template = templateOn(templates, date);
    const last = runs.at(-1);
    if (last && last.template?.id === template?.id && addDays(last.to, 1) === date) last.to = date;
    else runs.push({ from: date, to: date, template });
  }
  return runs;
}

/** A station's template on a local date. */
export async function stationTemplateOn(db: Db, stationId: number, date: string): Promise<TouTemplateRow | null> {
  return templateOn((await stationTariffs(db, [stationId])).get(stationId) ?? [], date);
}

/** A station's template today, on the station's clock. */
export const stationTemplateToday = (
  db: Db,
  station: { id: number; timezone: string },
  now = Date.now(),
): Promise<TouTemplateRow | null> => stationTemplateOn(db, station.id, localDateOf(now, station.timezone));
