import type { Lang } from '@ess/contract';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { deviceModels, devices, points, stations } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

const parent = alias(devices, 'parent');
// Spelled out: Drizzle leaves columns unqualified in one-table selects.
const pointCount = sql<number>`(select count(*)::int from biz_point p where p.device_id = "biz_device"."id")`;

const selection = {
  device: devices,
  stationName: stations.name,
  modelCode: deviceModels.code,
  modelNames: deviceModels.names,
  parentName: parent.name,
  parentNames: parent.names,
  pointCount,
};

export type EquipmentRecord = {
  device: typeof devices.$inferSelect;
  stationName: string;
  modelCode: string | null;
  modelNames: Record<string, string> | null;
  parentName: string | null;
  parentNames: Partial<Record<string, string>> | null;
  pointCount: number;
};

export type EquipmentFilter = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'name' | 'sn' | 'type' | 'sort' | undefined;
  order?: 'asc' | 'desc' | undefined;
  stationId: number;
  keyword?: string | undefined;
  type?: (typeof devices.type.enumValues)[number] | undefined;
  modelId?: number | undefined;
};

const base = (db: Db) =>
  db
    .select(selection)
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(parent, eq(parent.id, devices.parentId));

/** A keyword finds a device by its serial or its name in any language. */
const keywordMatch = (keyword: string | undefined): SQL | undefined => {
  if (!keyword) return undefined;
  const pattern = containsPattern(keyword);
  return or(nameMatches(devices, pattern), ilike(devices.sn, pattern));
};

/** A page of a station's real devices, sorted by name in `lang` when asked. */
export async function pageEquipment(
  db: Db,
  q: EquipmentFilter,
  lang: Lang,
): Promise<{ rows: EquipmentRecord[]; total: number }> {
  const where = and(
    eq(devices.stationId, q.stationId),
    ne(devices.type, 'virtual'),
    keywordMatch(q.keyword),
    q.type ? eq(devices.type, q.type) : undefined,
    q.modelId ? eq(devices.modelId, q.modelId) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(devices).where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(
      ...pageOrder(q, { name: nameIn(devices, lang), sn: devices.sn, type: devices.type, sort: devices.sort }, [
        asc(devices.sort),
        asc(devices.id),
      ]),
    )
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  return { rows, total };
}

export async function findEquipment(db: Db, id: number): Promise<EquipmentRecord | undefined> {
  const [row] = await base(db).where(eq(devices.id, id));
  return row;
}

/** EMS devices of the stations `scope` admits, filtered, one page (sorted by name in `lang` when asked). */
export async function pageEmsDevices(
  db: Db,
  scope: SQL | undefined,
  q: {
    pageNum: number;
    pageSize: number;
    orderBy?: 'name' | 'sn' | 'stationName' | undefined;
    order?: 'asc' | 'desc' | undefined;
    stationId?: number | undefined;
    keyword?: string | undefined;
  },
  lang: Lang,
): Promise<{ rows: EquipmentRecord[]; total: number }> {
  const where = and(
    scope,
    eq(devices.type, 'ems'),
    q.stationId ? eq(devices.stationId, q.stationId) : undefined,
    keywordMatch(q.keyword),
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(devices)
    .innerJoin(stations, eq(stations.id, devices.stationId))
    .where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(
      ...pageOrder(q, { name: nameIn(devices, lang), sn: devices.sn, stationName: stations.name }, [
        asc(stations.id),
        asc(devices.sort),
        asc(devices.id),
      ]),
    )
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  return { rows, total };
}

export async function snOwner(db: Db, sn: string): Promise<number | undefined> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn));
  return row?.id;
}

/** Virtual points of the station whose formula may name the device's serial (checked by parsing). */
export async function stationFormulas(db: Db, stationId: number) {
  return db
    .select({ sn: devices.sn, code: points.code, formula: points.formula })
    .from(points)
    .innerJoin(devices, eq(devices.id, points.deviceId))
    .where(and(eq(devices.stationId, stationId), sql`${points.formula} is not null`));
}
