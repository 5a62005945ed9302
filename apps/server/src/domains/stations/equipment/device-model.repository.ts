import type { Lang, ModelPointValues } from '@ess/contract';
import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { modelTypes } from '../../../db/equipment-schema';
import { deviceModels, devices, modelPoints } from '../../../db/schema';
import { pageOrder, pageSlice } from '../../../lib/paging';
import { namesMatch } from './model-type.repository';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ModelDeviceType = (typeof deviceModels.type.enumValues)[number];

// Spelled out: Drizzle leaves columns unqualified in one-table selects.
const pointCount = sql<number>`(select count(*)::int from biz_model_point mp where mp.model_id = "biz_device_model"."id")`;
const deviceCount = sql<number>`(select count(*)::int from biz_device d where d.model_id = "biz_device_model"."id")`;

const selection = {
  id: deviceModels.id,
  code: deviceModels.code,
  type: deviceModels.type,
  names: deviceModels.names,
  manufacturer: deviceModels.manufacturer,
  rated: deviceModels.rated,
  modelTypeId: deviceModels.modelTypeId,
  modelTypeNames: modelTypes.names,
  pointCount,
  deviceCount,
};

export type ModelRecord = {
  id: number;
  code: string;
  type: ModelDeviceType;
  names: Record<string, string>;
  manufacturer: string | null;
  rated: { powerKw?: number; energyKwh?: number; pvKwp?: number };
  modelTypeId: number | null;
  modelTypeNames: Record<string, string> | null;
  pointCount: number;
  deviceCount: number;
};

export type ModelFilter = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'code' | 'deviceType' | 'manufacturer' | undefined;
  order?: 'asc' | 'desc' | undefined;
  keyword?: string | undefined;
  deviceType?: ModelDeviceType | undefined;
  modelTypeId?: number | undefined;
};

export async function pageModels(db: Db, q: ModelFilter, lang: Lang): Promise<{ rows: ModelRecord[]; total: number }> {
  const where = and(
    q.keyword ? namesMatch(deviceModels.code, deviceModels.names, q.keyword, lang) : undefined,
    q.deviceType ? eq(deviceModels.type, q.deviceType) : undefined,
    q.modelTypeId ? eq(deviceModels.modelTypeId, q.modelTypeId) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(deviceModels).where(where);
  const rows = await db
    .select(selection)
    .from(deviceModels)
    .leftJoin(modelTypes, eq(modelTypes.id, deviceModels.modelTypeId))
    .where(where)
    .orderBy(
      ...pageOrder(
        q,
        { code: deviceModels.code, deviceType: deviceModels.type, manufacturer: deviceModels.manufacturer },
        [asc(deviceModels.type), asc(deviceModels.code), asc(deviceModels.id)],
      ),
    )
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  return { rows, total };
}

export async function listModels(db: Db, where?: SQL): Promise<ModelRecord[]> {
  return db
    .select(selection)
    .from(deviceModels)
    .leftJoin(modelTypes, eq(modelTypes.id, deviceModels.modelTypeId))
    .where(where)
    .orderBy(asc(deviceModels.type), asc(deviceModels.code), asc(deviceModels.id));
}

export async function findModel(db: Db, id: number): Promise<ModelRecord | undefined> {
  const [row] = await listModels(db, eq(deviceModels.id, id));
  return row;
}

export async function modelCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: deviceModels.id }).from(deviceModels).where(eq(deviceModels.code, code));
  return row !== undefined && row.id !== exceptId;
}

export async function pointsOfModel(db: Db, modelId: number) {
  return db
    .select()
    .from(modelPoints)
    .where(eq(modelPoints.modelId, modelId))
    .orderBy(asc(modelPoints.sort), asc(modelPoints.id));
}

/** Stations holding devices of the model (whose ingest registries a point change concerns). */
export async function stationsOfModel(db: Db, modelId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ stationId: devices.stationId })
    .from(devices)
    .where(eq(devices.modelId, modelId));
  return rows.map((r) => r.stationId);
}

/** Codes the model no longer has that devices of the model still carry, with how many devices. */
export async function pendingRemoval(db: Db, modelId: number): Promise<{ code: string; devices: number }[]> {
  const res = (await db.execute(sql`
    select p.code, count(distinct p.device_id)::int as devices
    from biz_point p join biz_device d on d.id = p.device_id
    where d.model_id = ${modelId} and p.formula is null
      and not exists (select 1 from biz_model_point mp where mp.model_id = ${modelId} and mp.code = p.code)
    group by p.code order by p.code`)) as unknown as { rows: { code: string; devices: number }[] };
  return res.rows;
}

export type ModelValues = {
  code: string;
  type: ModelDeviceType;
  names: Record<'zh_CN' | 'en_US' | 'es_ES' | 'ja_JP', string>;
  modelTypeId: number | null;
  manufacturer: string | null;
  rated: ModelRecord['rated'];
};

export async function insertModel(tx: Tx, values: ModelValues): Promise<number> {
  const [row] = await tx.insert(deviceModels).values(values).returning({ id: deviceModels.id });
  if (!row) throw new Error('device model not inserted');
  return row.id;
}

export async function updateModel(tx: Tx, id: number, values: ModelValues): Promise<void> {
  await tx.update(deviceModels).set(values).where(eq(deviceModels.id, id));
}

export type PointRowValues = Omit<ModelPointValues, 'names' | 'states'> & {
  names: ModelValues['names'];
  states: Record<string, ModelValues['names']> | null;
};

/**
 * Makes the model's point list `list` (by code: existing rows are updated, so their ids stay;
 * codes not in the list are deleted), then lets the model's devices follow: each device gets
 * the points it lacks and the new definition of the points it has. Points the model dropped stay
 * on the devices (their history with them) until `prunePoints`. Returns the device points added.
 */
export async function replaceModelPoints(tx: Tx, modelId: number, list: PointRowValues[]): Promise<number> {
  const codes = list.map((p) => p.code);
  await tx
    .delete(modelPoints)
    .where(and(eq(modelPoints.modelId, modelId), codes.length ? notInArray(modelPoints.code, codes) : undefined));
  const existing = await tx
    .select({ id: modelPoints.id, code: modelPoints.code })
    .from(modelPoints)
    .where(eq(modelPoints.modelId, modelId));
  const have = new Map(existing.map((p) => [p.code, p.id]));
  for (const [i, p] of list.entries()) {
    const values = { ...p, sort: i + 1 };
    const id = have.get(p.code);
    if (id !== undefined) await tx.update(modelPoints).set(values).where(eq(modelPoints.id, id));
    else await tx.insert(modelPoints).values({ ...values, modelId });
  }
  await tx.execute(sql`
    update biz_point p set names = mp.names, unit = mp.unit, kind = mp.kind, precision = mp.precision,
      min = mp.min, max = mp.max, counter = mp.counter, states = mp.states, fast = mp.fast,
      value_limit = mp.value_limit, sort = mp.sort
    from biz_device d, biz_model_point mp
    where p.device_id = d.id and d.model_id = ${modelId} and mp.model_id = ${modelId} and mp.code = p.code`);
  return (await addModelPointsToDevices(tx, modelId)).length;
}

/** Gives the model's devices (or the one device) the model points they lack; the new point ids. */
export async function addModelPointsToDevices(tx: Tx, modelId: number, deviceId?: number): Promise<number[]> {
  const one = deviceId === undefined ? sql`` : sql` and d.id = ${deviceId}`;
  const res = (await tx.execute(sql`
    insert into biz_point (device_id, code, names, unit, kind, precision, min, max, counter, states, fast, value_limit, sort)
    select d.id, mp.code, mp.names, mp.unit, mp.kind, mp.precision, mp.min, mp.max, mp.counter, mp.states, mp.fast,
      mp.value_limit, mp.sort
    from biz_device d join biz_model_point mp on mp.model_id = d.model_id
    where d.model_id = ${modelId}${one}
    on conflict (device_id, code) do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}

/** Deletes from the model's devices the points the model no longer has; how many went. */
export async function pruneDevicePoints(tx: Tx, modelId: number): Promise<number> {
  const res = (await tx.execute(sql`
    delete from biz_point p using biz_device d
    where p.device_id = d.id and d.model_id = ${modelId} and p.formula is null
      and not exists (select 1 from biz_model_point mp where mp.model_id = ${modelId} and mp.code = p.code)
    returning p.id`)) as unknown as { rows: { id: number }[] };
  return res.rows.length;
}

export async function deleteModel(db: Db, id: number): Promise<void> {
  await db.delete(deviceModels).where(eq(deviceModels.id, id));
}

/** Models among `ids` (existence and type checks of relevancy lists). */
export async function modelsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: deviceModels.id, code: deviceModels.code, type: deviceModels.type })
    .from(deviceModels)
    .where(inArray(deviceModels.id, ids));
}
