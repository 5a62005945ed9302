import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { inspectionRecords, repairRecords } from '../../../db/records-schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

export type InspectionRow = typeof inspectionRecords.$inferSelect;
export type RepairRow = typeof repairRecords.$inferSelect;
export type NewInspection = typeof inspectionRecords.$inferInsert;
export type NewRepair = typeof repairRecords.$inferInsert;

/** The filters both lists share: station, a word of the texts, a time window. */
export type RecordFilter = { stationId: number; keyword?: string; from?: number; to?: number };
type Page<K extends string> = { pageNum: number; pageSize: number; orderBy?: K; order?: 'asc' | 'desc' };

/** Most rows one export writes: a station's records of many years. */
export const EXPORT_ROWS_MAX = 20_000;

function inspectionWhere(f: RecordFilter): SQL | undefined {
  const t = inspectionRecords;
  const like = f.keyword ? containsPattern(f.keyword) : null;
  return and(
    eq(t.stationId, f.stationId),
    like ? or(ilike(t.name, like), ilike(t.content, like), ilike(t.recorder, like)) : undefined,
    f.from === undefined ? undefined : gte(t.recordTime, new Date(f.from)),
    f.to === undefined ? undefined : lte(t.recordTime, new Date(f.to)),
  );
}

function repairWhere(f: RecordFilter): SQL | undefined {
  const t = repairRecords;
  const like = f.keyword ? containsPattern(f.keyword) : null;
  return and(
    eq(t.stationId, f.stationId),
    like
      ? or(ilike(t.repairman, like), ilike(t.location, like), ilike(t.content, like), ilike(t.remark, like))
      : undefined,
    f.from === undefined ? undefined : gte(t.repairTime, new Date(f.from)),
    f.to === undefined ? undefined : lte(t.repairTime, new Date(f.to)),
  );
}

export async function inspectionPage(db: Db, q: RecordFilter & Page<'recordTime' | 'name' | 'recorder'>) {
  const t = inspectionRecords;
  const where = inspectionWhere(q);
  const order = pageOrder(q, { recordTime: t.recordTime, name: t.name, recorder: t.recorder }, [
    desc(t.recordTime),
    desc(t.id),
  ]);
  const { limit, offset } = pageSlice(q);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function repairPage(db: Db, q: RecordFilter & Page<'repairTime' | 'repairman' | 'location'>) {
  const t = repairRecords;
  const where = repairWhere(q);
  const order = pageOrder(q, { repairTime: t.repairTime, repairman: t.repairman, location: t.location }, [
    desc(t.repairTime),
    desc(t.id),
  ]);
  const { limit, offset } = pageSlice(q);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const inspectionsFor = (db: Db, f: RecordFilter) =>
  db
    .select()
    .from(inspectionRecords)
    .where(inspectionWhere(f))
    .orderBy(desc(inspectionRecords.recordTime), desc(inspectionRecords.id))
    .limit(EXPORT_ROWS_MAX);

export const repairsFor = (db: Db, f: RecordFilter) =>
  db
    .select()
    .from(repairRecords)
    .where(repairWhere(f))
    .orderBy(desc(repairRecords.repairTime), desc(repairRecords.id))
    .limit(EXPORT_ROWS_MAX);

export async function insertInspection(db: Db, row: NewInspection): Promise<InspectionRow> {
  const [saved] = await db.insert(inspectionRecords).values(row).returning();
  if (!saved) throw new Error('insert returned no row');
  return saved;
}

/** Inserts a repair record; one of an order already written returns null (at most one per order). */
export async function insertRepair(db: Db, row: NewRepair): Promise<RepairRow | null> {
  const [saved] = await db.insert(repairRecords).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function repairOfOrder(db: Db, orderId: number): Promise<RepairRow | null> {
  const [row] = await db.select().from(repairRecords).where(eq(repairRecords.orderId, orderId));
  return row ?? null;
}

export async function updateInspection(db: Db, id: number, stationId: number, set: Partial<NewInspection>) {
  const t = inspectionRecords;
  const [row] = await db
    .update(t)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.stationId, stationId)))
    .returning();
  return row ?? null;
}

export async function updateRepair(db: Db, id: number, stationId: number, set: Partial<NewRepair>) {
  const t = repairRecords;
  const [row] = await db
    .update(t)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.stationId, stationId)))
    .returning();
  return row ?? null;
}

export async function deleteInspection(db: Db, id: number, stationId: number): Promise<boolean> {
  const t = inspectionRecords;
  return (
    (
      await db
        .delete(t)
        .where(and(eq(t.id, id), eq(t.stationId, stationId)))
        .returning({ id: t.id })
    ).length > 0
  );
}

export async function deleteRepair(db: Db, id: number, stationId: number): Promise<boolean> {
  const t = repairRecords;
  return (
    (
      await db
        .delete(t)
        .where(and(eq(t.id, id), eq(t.stationId, stationId)))
        .returning({ id: t.id })
    ).length > 0
  );
}

export async function findRepair(db: Db, id: number): Promise<RepairRow | null> {
  const [row] = await db.select().from(repairRecords).where(eq(repairRecords.id, id));
  return row ?? null;
}
