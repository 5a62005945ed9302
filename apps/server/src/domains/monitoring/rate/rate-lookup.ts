import { addDays, datesBetween, localDateOf } from '@ess/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stationTouTemplates } from '../../../db/rate-schema';
import { touTemplates } from '../../../db/schema';

/**
 * The one place that answers "which price template prices this station's local day" (issue 13
 * part 8). Every revenue on the server (home KPIs, overview of sites, incomeData, earnings and
 * charge-discharge exports, the station report, re-pricing previews) and the simulator's TOU cut
 * go through it.
 */
export type TouTemplateRow = typeof touTemplates.$inferSelect;

type Validity = Pick<TouTemplateRow, 'validFrom' | 'validTo'>;

/** Valid on a local date: validFrom ≤ date ≤ validTo, inclusive, a null end open. */
export const validOn = (t: Validity, date: string): boolean =>
  (t.validFrom === null || t.validFrom <= date) && (t.validTo === null || date <= t.validTo);

/** One dated assignment: from `validFrom` (station-local; null = from the beginning) on, `template`. */
export type TariffVersion = { validFrom: string | null; template: TouTemplateRow };
/** A station's assignments, by start, the open start first (issue 21 finding 3). */
export type StationTariff = TariffVersion[];

/** Each station's dated assignments with their templates, by start. */
export async function stationTariffs(db: Db, stationIds: number[]): Promise<Map<number, StationTariff>> {
  const out = new Map<number, StationTariff>(stationIds.map((id) => [id, []]));
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({
      stationId: stationTouTemplates.stationId,
      validFrom: stationTouTemplates.validFrom,
      template: touTemplates,
    })
    .from(stationTouTemplates)
    .innerJoin(touTemplates, eq(touTemplates.id, stationTouTemplates.templateId))
    .where(inArray(stationTouTemplates.stationId, stationIds))
    .orderBy(sql`${stationTouTemplates.validFrom} asc nulls first`, asc(stationTouTemplates.id));
  for (const r of rows) out.get(r.stationId)?.push({ validFrom: r.validFrom, template: r.template });
  return out;
}

/** The assignment in force on a local date: the last one started by then (null: none yet). */
export function versionOn<V extends { validFrom: string | null }>(versions: V[], date: string): V | null {
  let found: V | null = null;
  for (const v of versions) if (v.validFrom === null || v.validFrom <= date) found = v;
  return found;
}

/**
 * The template pricing a local date: the one assigned that day, if it is enabled and its own
 * validity holds the day (null: the day is priced by none, and the screens say so).
 */
export function templateOn(tariff: StationTariff, date: string): TouTemplateRow | null {
  const t = versionOn(tariff, date)?.template;
  return t?.enabled && validOn(t, date) ? t : null;
}

/** The tariff after assigning `templateId` from `from`: later assignments give way to it. */
export const withVersion = (tariff: StationTariff, from: string, template: TouTemplateRow): StationTariff => [
  ...tariff.filter((v) => v.validFrom === null || v.validFrom < from),
  { validFrom: from, template },
];

/** A run of consecutive local dates priced by the same template (or by none). */
export type TariffRun = { from: string; to: string; template: TouTemplateRow | null };

/** [from, to] cut into runs of days that share their template, in date order. */
export function tariffRuns(tariff: StationTariff, from: string, to: string): TariffRun[] {
  const runs: TariffRun[] = [];
  for (const date of datesBetween(from, to)) {
    const template = templateOn(tariff, date);
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
