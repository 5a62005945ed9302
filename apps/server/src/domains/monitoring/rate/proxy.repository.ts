import type { proxyPricePageBody, proxyRegionPageBody, TouPrices, TouSegment } from '@ess/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, max, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { proxyPrices, proxyRegions, stationTouTemplates } from '../../../db/rate-schema';
import { stations } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Q = Db | Tx;

export type ProxyRegionDbRow = typeof proxyRegions.$inferSelect;
export type ProxyPriceDbRow = typeof proxyPrices.$inferSelect;
export type RegionValues = { code: string; name: string; provinceCode: string; segments: TouSegment[]; model: unknown };
export type PriceValues = { regionId: number; month: string; prices: TouPrices; currency: string; source: string };

const REGION_ORDER = {
  code: proxyRegions.code,
  name: proxyRegions.name,
  provinceCode: proxyRegions.provinceCode,
  updateTime: proxyRegions.updateTime,
} as const;

export async function regionPage(
  db: Q,
  q: z.output<typeof proxyRegionPageBody>,
): Promise<{ rows: ProxyRegionDbRow[]; total: number }> {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  const where = and(
    text ? or(ilike(proxyRegions.code, text), ilike(proxyRegions.name, text)) : undefined,
    q.provinceCode ? eq(proxyRegions.provinceCode, q.provinceCode) : undefined,
  );
  const by = REGION_ORDER[q.orderBy ?? 'code'];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(proxyRegions)
      .where(where)
      .orderBy(q.order === 'desc' ? desc(by) : asc(by), asc(proxyRegions.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(proxyRegions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every region matching the list's filters, by number (the export). */
export async function regionsMatching(
  db: Q,
  q: { keyword?: string | undefined; provinceCode?: string | undefined },
): Promise<ProxyRegionDbRow[]> {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return db
    .select()
    .from(proxyRegions)
    .where(
      and(
        text ? or(ilike(proxyRegions.code, text), ilike(proxyRegions.name, text)) : undefined,
        q.provinceCode ? eq(proxyRegions.provinceCode, q.provinceCode) : undefined,
      ),
    )
    .orderBy(asc(proxyRegions.code));
}

export const allRegions = (db: Q): Promise<ProxyRegionDbRow[]> =>
  db.select().from(proxyRegions).orderBy(asc(proxyRegions.code));

export async function findRegion(db: Q, id: number): Promise<ProxyRegionDbRow | null> {
  const [row] = await db.select().from(proxyRegions).where(eq(proxyRegions.id, id));
  return row ?? null;
}

export async function regionTaken(db: Q, field: 'code' | 'name', value: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: proxyRegions.id })
    .from(proxyRegions)
    .where(and(eq(proxyRegions[field], value), exceptId === undefined ? undefined : ne(proxyRegions.id, exceptId)));
  return row !== undefined;
}

export async function insertRegion(db: Q, v: RegionValues): Promise<number> {
  const [row] = await db.insert(proxyRegions).values(v).returning({ id: proxyRegions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateRegion(db: Q, id: number, v: RegionValues): Promise<void> {
  await db
    .update(proxyRegions)
    .set({ ...v, updateTime: new Date() })
    .where(eq(proxyRegions.id, id));
}

export async function deleteRegion(db: Q, id: number): Promise<void> {
  await db.delete(proxyRegions).where(eq(proxyRegions.id, id));
}

/** Months priced per region, and the latest. */
export async function priceMonthsOf(
  db: Q,
  regionIds: number[],
): Promise<Map<number, { months: number; latest: string | null }>> {
  if (regionIds.length === 0) return new Map();
  const rows = await db
    .select({ regionId: proxyPrices.regionId, n: count(), latest: max(proxyPrices.month) })
    .from(proxyPrices)
    .where(inArray(proxyPrices.regionId, regionIds))
    .groupBy(proxyPrices.regionId);
  return new Map(rows.map((r) => [r.regionId, { months: r.n, latest: r.latest }]));
}

export type Follower = {
  stationId: number;
  stationName: string;
  timezone: string;
  regionId: number;
  validFrom: string | null;
};

/** Every assignment naming one of the regions, with its station's name and clock. */
export async function followersOf(db: Q, regionIds: number[]): Promise<Follower[]> {
  if (regionIds.length === 0) return [];
  const rows = await db
    .select({
      stationId: stationTouTemplates.stationId,
      stationName: stations.name,
      timezone: stations.timezone,
      regionId: stationTouTemplates.proxyRegionId,
      validFrom: stationTouTemplates.validFrom,
    })
    .from(stationTouTemplates)
    .innerJoin(stations, eq(stations.id, stationTouTemplates.stationId))
    .where(inArray(stationTouTemplates.proxyRegionId, regionIds))
    .orderBy(asc(stations.code));
  return rows.flatMap((r) => (r.regionId === null ? [] : [{ ...r, regionId: r.regionId }]));
}

export type StationAssignment = { stationId: number; validFrom: string | null; proxyRegionId: number | null };

/** The stations' whole assignment histories (what was in force which day). */
export function assignmentsOfStations(db: Q, stationIds: number[]): Promise<StationAssignment[]> {
  if (stationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      stationId: stationTouTemplates.stationId,
      validFrom: stationTouTemplates.validFrom,
      proxyRegionId: stationTouTemplates.proxyRegionId,
    })
    .from(stationTouTemplates)
    .where(inArray(stationTouTemplates.stationId, stationIds));
}

const PRICE_ORDER = {
  month: proxyPrices.month,
  regionCode: proxyRegions.code,
  updateTime: proxyPrices.updateTime,
} as const;

export type PriceWithRegion = { price: ProxyPriceDbRow; region: ProxyRegionDbRow };

const priceWhere = (q: {
  regionId?: number | undefined;
  monthFrom?: string | undefined;
  monthTo?: string | undefined;
}): SQL | undefined =>
  and(
    q.regionId === undefined ? undefined : eq(proxyPrices.regionId, q.regionId),
    q.monthFrom === undefined ? undefined : gte(proxyPrices.month, q.monthFrom),
    q.monthTo === undefined ? undefined : lte(proxyPrices.month, q.monthTo),
  );

export async function pricePage(
  db: Q,
  q: z.output<typeof proxyPricePageBody>,
): Promise<{ rows: PriceWithRegion[]; total: number }> {
  const where = priceWhere(q);
  const by = PRICE_ORDER[q.orderBy ?? 'month'];
  const order = q.orderBy ? (q.order === 'desc' ? desc(by) : asc(by)) : desc(proxyPrices.month);
  const [rows, [total]] = await Promise.all([
    db
      .select({ price: proxyPrices, region: proxyRegions })
      .from(proxyPrices)
      .innerJoin(proxyRegions, eq(proxyRegions.id, proxyPrices.regionId))
      .where(where)
      .orderBy(order, asc(proxyRegions.code), asc(proxyPrices.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(proxyPrices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every price matching the filters, by region and month (the export). */
export const pricesMatching = (
  db: Q,
  q: { regionId?: number | undefined; monthFrom?: string | undefined; monthTo?: string | undefined },
): Promise<PriceWithRegion[]> =>
  db
    .select({ price: proxyPrices, region: proxyRegions })
    .from(proxyPrices)
    .innerJoin(proxyRegions, eq(proxyRegions.id, proxyPrices.regionId))
    .where(priceWhere(q))
    .orderBy(asc(proxyRegions.code), asc(proxyPrices.month));

export async function findPrice(db: Q, id: number): Promise<ProxyPriceDbRow | null> {
  const [row] = await db.select().from(proxyPrices).where(eq(proxyPrices.id, id));
  return row ?? null;
}

export async function priceOfMonth(db: Q, regionId: number, month: string): Promise<ProxyPriceDbRow | null> {
  const [row] = await db
    .select()
    .from(proxyPrices)
    .where(and(eq(proxyPrices.regionId, regionId), eq(proxyPrices.month, month)));
  return row ?? null;
}

export const pricesOfRegion = (db: Q, regionId: number): Promise<ProxyPriceDbRow[]> =>
  db.select().from(proxyPrices).where(eq(proxyPrices.regionId, regionId));

export async function insertPrice(db: Q, v: PriceValues): Promise<number> {
  const [row] = await db.insert(proxyPrices).values(v).returning({ id: proxyPrices.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updatePrice(db: Q, id: number, v: PriceValues): Promise<void> {
  await db
    .update(proxyPrices)
    .set({ ...v, updateTime: new Date() })
    .where(eq(proxyPrices.id, id));
}

export async function deletePrice(db: Q, id: number): Promise<void> {
  await db.delete(proxyPrices).where(eq(proxyPrices.id, id));
}
