import type { Lang } from '@ess/contract';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { modelTypes } from '../../../db/equipment-schema';
import type { deviceModels } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

export type ModelTypeRecord = typeof modelTypes.$inferSelect & { modelCount: number };

// Spelled out: Drizzle leaves columns unqualified in one-table selects, where `id` would be the model's.
const modelCount = sql<number>`(select count(*)::int from biz_device_model m where m.model_type_id = "biz_model_type"."id")`;

/** A name in the request's language or Chinese contains `text`, or the code does. */
export const namesMatch = (
  code: typeof modelTypes.code | typeof deviceModels.code,
  names: typeof modelTypes.names | typeof deviceModels.names,
  text: string,
  lang: Lang,
): SQL | undefined => {
  const p = containsPattern(text);
  return or(ilike(code, p), sql`${names}->>${lang} ilike ${p}`, sql`${names}->>'zh_CN' ilike ${p}`);
};

export type ModelTypeFilter = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'code' | 'deviceType' | 'sort' | undefined;
  order?: 'asc' | 'desc' | undefined;
  keyword?: string | undefined;
  deviceType?: (typeof modelTypes.deviceType.enumValues)[number] | undefined;
};

export async function pageModelTypes(
  db: Db,
  q: ModelTypeFilter,
  lang: Lang,
): Promise<{ rows: ModelTypeRecord[]; total: number }> {
  const where = and(
    q.keyword ? namesMatch(modelTypes.code, modelTypes.names, q.keyword, lang) : undefined,
    q.deviceType ? eq(modelTypes.deviceType, q.deviceType) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(modelTypes).where(where);
  const rows = await db
    .select({ ...selection, modelCount })
    .from(modelTypes)
    .where(where)
    .orderBy(
      ...pageOrder(q, { code: modelTypes.code, deviceType: modelTypes.deviceType, sort: modelTypes.sort }, [
        asc(modelTypes.sort),
        asc(modelTypes.id),
      ]),
    )
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  return { rows, total };
}

const selection = {
  id: modelTypes.id,
  code: modelTypes.code,
  names: modelTypes.names,
  deviceType: modelTypes.deviceType,
  sort: modelTypes.sort,
  createTime: modelTypes.createTime,
  updateTime: modelTypes.updateTime,
};

export async function listModelTypes(db: Db, deviceType?: ModelTypeFilter['deviceType']): Promise<ModelTypeRecord[]> {
  return db
    .select({ ...selection, modelCount })
    .from(modelTypes)
    .where(deviceType ? eq(modelTypes.deviceType, deviceType) : undefined)
    .orderBy(asc(modelTypes.sort), asc(modelTypes.id));
}

export async function findModelType(db: Db, id: number): Promise<ModelTypeRecord | undefined> {
  const [row] = await db
    .select({ ...selection, modelCount })
    .from(modelTypes)
    .where(eq(modelTypes.id, id));
  return row;
}

export async function modelTypeCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: modelTypes.id }).from(modelTypes).where(eq(modelTypes.code, code));
  return row !== undefined && row.id !== exceptId;
}
