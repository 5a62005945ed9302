import { addDays, addMonths, datesBetween, localDateOf, type TouSegment } from '@ess/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { proxyPrices, proxyRegions, stationTouTemplates } from '../../../db/rate-schema';
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

/**
 * A region a station follows (issue 24 part 2): by month, its prices as the template that prices
 * the month's days. The synthetic template's id is the price row's id negated (never a
 * template's), its validity the month, its cut the region's.
 */
export type ProxyTariff = {
  regionId: number;
  code: string;
  name: string;
  segments: TouSegment[];
  months: Map<string, TouTemplateRow>;
};

/** One dated assignment: from `validFrom` (station-local; null = from the beginning) on, a template or a region. */
export type TariffVersion =
  | { validFrom: string | null; template: TouTemplateRow; proxy?: undefined }
  | { validFrom: string | null; template?: undefined; proxy: ProxyTariff };
/** A station's assignments, by start, the open start first (issue 21 finding 3). */
export type StationTariff = TariffVersion[];

type RegionRow = typeof proxyRegions.$inferSelect;
type PriceRow = typeof proxyPrices.$inferSelect;

const monthEnd = (month: string): string => addDays(addMonths(`${month}-01`, 1), -1);

/** A month's proxy price as the template that prices its days. */
export const proxyMonthTemplate = (region: RegionRow, p: PriceRow): TouTemplateRow => ({
  id: -p.id,
  code: `${region.code}@${p.month}`,
  name: `${region.name} ${p.month}`,
  names: {},
  electricityType: 'proxy',
  segments: region.segments,
  prices: p.prices,
  currency: p.currency,
  validFrom: `${p.month}-01`,
  validTo: monthEnd(p.month),
  enabled: true,
  createTime: p.updateTime,
  updateTime: p.updateTime,
});

/** The regions with their prices, as the lookup reads them. */
export async function proxyTariffs(db: Db, regionIds: number[]): Promise<Map<number, ProxyTariff>> {
  const out = new Map<number, ProxyTariff>();
  if (regionIds.length === 0) return out;
  const [regions, prices] = await Promise.all([
    db.select().from(proxyRegions).where(inArray(proxyRegions.id, regionIds)),
    db.select().from(proxyPrices).where(inArray(proxyPrices.regionId, regionIds)),
  ]);
  for (const r of regions)
    out.set(r.id, { regionId: r.id, code: r.code, name: r.name, segments: r.segments, months: new Map() });
  const byId = new Map(regions.map((r) => [r.id, r]));
  for (const p of prices) {
    const region = byId.get(p.regionId);
    if (region) out.get(p.regionId)?.months.set(p.month, proxyMonthTemplate(region, p));
  }
  return out;
}

/** Each station's dated assignments with their templates or regions, by start. */
export async function stationTariffs(db: Db, stationIds: number[]): Promise<Map<number, StationTariff>> {
  const out = new Map<number, StationTariff>(stationIds.map((id) => [id, []]));
  if (stationIds.length === 0) return out;
  const rows = await db
    .select({
      stationId: stationTouTemplates.stationId,
      validFrom: stationTouTemplates.validFrom,
      regionId: stationTouTemplates.proxyRegionId,
      template: touTemplates,
    })
    .from(stationTouTemplates)
    .leftJoin(touTemplates, eq(touTemplates.id, stationTouTemplates.templateId))
    .where(inArray(stationTouTemplates.stationId, stationIds))
    .orderBy(sql`${stationTouTemplates.validFrom} asc nulls first`, asc(stationTouTemplates.id));
  const regionIds = [...new Set(rows.flatMap((r) => (r.regionId === null ? [] : [r.regionId])))];
  const regions = await proxyTariffs(db, regionIds);
  for (const r of rows) {
    const versions = out.get(r.stationId);
    const proxy = r.regionId === null ? undefined : regions.get(r.regionId);
    if (r.template) versions?.push({ validFrom: r.validFrom, template: r.template });
    else if (proxy) versions?.push({ validFrom: r.validFrom, proxy });
  }
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
 * validity holds the day; for a station following a proxy region, the region's price for the
 * day's month (null: the day is priced by none, and the screens say so).
 */
export function templateOn(tariff: StationTariff, date: string): TouTemplateRow | null {
  const v = versionOn(tariff, date);
  if (v?.proxy) return v.proxy.months.get(date.slice(0, 7)) ?? null;
  const t = v?.template;
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
