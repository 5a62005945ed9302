import type { Lang, StationBody, StationPageBody } from '@ess/contract';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn } from '../../../db/local-name-sql';
import { orgs, stations } from '../../../db/schema';
import { stationLogos } from '../../../db/station-admin-schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';
import type { StationRow } from './station.repository';

export type StationAdminRow = StationRow & { orgName: string | null; hasLogo: boolean; deviceCount: number };

// Qualified by hand: Drizzle leaves column names bare in some selects, which inside a subquery
// would name the subquery's own table.
const deviceCount = sql<number>`(select count(*) from biz_device d where d.station_id = biz_station.id)::int`;
const hasLogo = sql<boolean>`exists (select 1 from biz_station_logo l where l.station_id = biz_station.id)`;

/** The organisation named in `lang` (a seeded one's translation, else as stored; null without one). */
const selectAdmin = (db: Db, lang: Lang) =>
  db
    .select({ station: stations, orgName: nameIn(orgs, lang), hasLogo, deviceCount })
    .from(stations)
    .leftJoin(orgs, eq(orgs.id, stations.orgId));

type Selected = { station: StationRow; orgName: string | null; hasLogo: boolean; deviceCount: number };
const flat = (r: Selected): StationAdminRow => ({
  ...r.station,
  orgName: r.orgName,
  hasLogo: r.hasLogo,
  deviceCount: Number(r.deviceCount),
});

/** The organisation or any below it (UNION stops the walk on a cycle). */
const inOrgSubtree = (orgId: number): SQL => sql`${stations.orgId} in (
  with recursive sub(id) as (
    select id from sys_org where id = ${orgId}
    union
    select o.id from sys_org o join sub on o.pid = sub.id
  )
  select id from sub
)`;

function pageFilter(q: StationPageBody, scope: SQL | undefined): SQL | undefined {
  const text = q.name ? containsPattern(q.name) : null;
  return and(
    scope,
    text ? or(ilike(stations.name, text), ilike(stations.code, text)) : undefined,
    q.type ? eq(stations.type, q.type) : undefined,
    q.provinceCode ? eq(stations.provinceCode, q.provinceCode) : undefined,
    q.orgId ? inOrgSubtree(q.orgId) : undefined,
  );
}

export async function stationAdminPage(
  db: Db,
  q: StationPageBody,
  scope: SQL | undefined,
  lang: Lang,
): Promise<{ rows: StationAdminRow[]; total: number }> {
  const where = pageFilter(q, scope);
  const order = pageOrder(
    q,
    {
      code: stations.code,
      name: stations.name,
      ratedPowerKw: stations.ratedPowerKw,
      capacityKwh: stations.capacityKwh,
      gridConnectionTime: stations.gridConnectionTime,
      createTime: stations.createTime,
    },
    [sql`${stations.id}`],
  );
  const { limit, offset } = pageSlice(q);
  const [rows, [total]] = await Promise.all([
    selectAdmin(db, lang)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stations).where(where),
  ]);
  return { rows: rows.map(flat), total: total?.n ?? 0 };
}

// Callers that show no organisation name take the default language.
export async function findStationAdmin(
  db: Db,
  id: number,
  scope: SQL | undefined,
  lang: Lang = 'zh_CN',
): Promise<StationAdminRow | null> {
  const [row] = await selectAdmin(db, lang).where(and(eq(stations.id, id), scope));
  return row ? flat(row) : null;
}

const stored = (b: StationBody) => ({
  code: b.code,
  name: b.name,
  address: b.address,
  provinceCode: b.provinceCode,
  city: b.city,
  ratedPowerKw: b.ratedPowerKw,
  capacityKwh: b.capacityKwh,
  gridConnectionTime: b.gridConnectionTime,
  type: b.type,
  longitude: b.longitude,
  latitude: b.latitude,
  contact: b.contact,
  phone: b.phone,
  orgId: b.orgId,
  timezone: b.timezone,
  showWeather: b.showWeather,
  forceChinese: b.forceChinese,
});

/** Inserts; null when the code was taken meanwhile (unique key). */
export async function insertStation(db: Db, b: StationBody): Promise<number | null> {
  const [row] = await db.insert(stations).values(stored(b)).onConflictDoNothing().returning({ id: stations.id });
  return row?.id ?? null;
}

/** Updates; the city's translated names are kept only while the city stays the same. */
export async function updateStation(db: Db, id: number, b: StationBody, sameCity: boolean): Promise<void> {
  await db
    .update(stations)
    .set({ ...stored(b), ...(sameCity ? {} : { cityNames: null }), updateTime: new Date() })
    .where(eq(stations.id, id));
}

export async function stationCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.code, code), exceptId ? sql`${stations.id} <> ${exceptId}` : undefined));
  return row !== undefined;
}

/**
 * Deletes the station only while it holds no devices, in one statement, so a device added
 * meanwhile is never taken along by the cascade. False when it was kept.
 */
export async function deleteStationWithoutDevices(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(stations)
    .where(and(eq(stations.id, id), sql`not exists (select 1 from biz_device d where d.station_id = ${id})`))
    .returning({ id: stations.id });
  return rows.length > 0;
}

export async function findLogo(db: Db, stationId: number): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ contentType: stationLogos.contentType, bytes: stationLogos.bytes })
    .from(stationLogos)
    .where(eq(stationLogos.stationId, stationId));
  return row ?? null;
}

export async function saveLogo(db: Db, stationId: number, contentType: string, bytes: Buffer): Promise<void> {
  const values = { contentType, bytes, size: bytes.length, updateTime: new Date() };
  await db
    .insert(stationLogos)
    .values({ stationId, ...values })
    .onConflictDoUpdate({ target: stationLogos.stationId, set: values });
}

export async function deleteLogo(db: Db, stationId: number): Promise<void> {
  await db.delete(stationLogos).where(eq(stationLogos.stationId, stationId));
}
