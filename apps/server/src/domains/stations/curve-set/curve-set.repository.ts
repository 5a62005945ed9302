import { and, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { curveSets, type StoredCurveItem } from '../../../db/curve-config-schema';
import { containsPattern } from '../../../lib/like';

export type CurveSetRow = typeof curveSets.$inferSelect;

const own = (userId: number, stationId: number): SQL | undefined =>
  and(eq(curveSets.userId, userId), eq(curveSets.stationId, stationId));

/** LIKE wildcards in user text match themselves. */
export async function findOwnSet(db: Db, userId: number, id: number): Promise<CurveSetRow | null> {
  const [row] = await db
    .select()
    .from(curveSets)
    .where(and(eq(curveSets.id, id), eq(curveSets.userId, userId)));
  return row ?? null;
}

/** Whether another set of the user at the station already has this name. */
export async function nameTaken(
  db: Db,
  userId: number,
  stationId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: curveSets.id })
    .from(curveSets)
    .where(and(own(userId, stationId), eq(curveSets.name, name), exceptId ? ne(curveSets.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function countOwnSets(db: Db, userId: number, stationId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(curveSets).where(own(userId, stationId));
  return row?.n ?? 0;
}

export async function insertSet(
  db: Db,
  v: { userId: number; stationId: number; name: string; items: StoredCurveItem[] },
): Promise<CurveSetRow> {
  const [row] = await db.insert(curveSets).values(v).returning();
  if (!row) throw new Error('insert into biz_curve_set returned no row');
  return row;
}

export async function updateSet(
  db: Db,
  id: number,
  v: { stationId: number; name: string; items: StoredCurveItem[] },
): Promise<CurveSetRow> {
  const [row] = await db
    .update(curveSets)
    .set({ ...v, updateTime: new Date() })
    .where(eq(curveSets.id, id))
    .returning();
  if (!row) throw new Error(`biz_curve_set ${id} vanished during update`);
  return row;
}

/** A page of the user's sets at the station, newest change first. */
export async function pageOwnSets(
  db: Db,
  q: { userId: number; stationId: number; name?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; rows: CurveSetRow[] }> {
  const where = and(own(q.userId, q.stationId), q.name ? ilike(curveSets.name, containsPattern(q.name)) : undefined);
  const [total] = await db.select({ n: count() }).from(curveSets).where(where);
  const rows = await db
    .select()
    .from(curveSets)
    .where(where)
    .orderBy(desc(curveSets.updateTime), desc(curveSets.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** Deletes a set of the user; false when the user has no such set. */
export async function deleteOwnSet(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(curveSets)
    .where(and(eq(curveSets.id, id), eq(curveSets.userId, userId)))
    .returning({ id: curveSets.id });
  return rows.length > 0;
}
