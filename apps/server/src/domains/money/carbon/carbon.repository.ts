import type { carbonFactorPageBody, Names } from '@ess/contract';
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { carbonFactors } from '../../../db/carbon-schema';
import type { Db } from '../../../db/client';

export type CarbonFactorDbRow = typeof carbonFactors.$inferSelect;
export type FactorValues = { provinceCode: string | null; factor: number; year: number; source: Names };

const ORDER = {
  provinceCode: carbonFactors.provinceCode,
  year: carbonFactors.year,
  factor: carbonFactors.factor,
} as const;

/** A page of factors: the national ones first, then by province and newest year. */
export async function factorPage(
  db: Db,
  q: z.output<typeof carbonFactorPageBody>,
): Promise<{ rows: CarbonFactorDbRow[]; total: number }> {
  const where = q.provinceCode
    ? q.provinceCode === 'national'
      ? isNull(carbonFactors.provinceCode)
      : eq(carbonFactors.provinceCode, q.provinceCode)
    : undefined;
  const by = q.orderBy ? ORDER[q.orderBy] : null;
  const order = by
    ? [q.order === 'desc' ? desc(by) : asc(by), asc(carbonFactors.id)]
    : [sql`${carbonFactors.provinceCode} nulls first`, desc(carbonFactors.year), asc(carbonFactors.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(carbonFactors)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(carbonFactors).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const allFactors = (db: Db): Promise<CarbonFactorDbRow[]> =>
  db.select().from(carbonFactors).orderBy(asc(carbonFactors.year), asc(carbonFactors.id));

export async function findFactor(db: Db, id: number): Promise<CarbonFactorDbRow | undefined> {
  const [row] = await db.select().from(carbonFactors).where(eq(carbonFactors.id, id));
  return row;
}

/** Whether another factor already covers this region and year. */
export async function regionYearTaken(db: Db, v: FactorValues, exceptId?: number): Promise<boolean> {
  const region =
    v.provinceCode === null ? isNull(carbonFactors.provinceCode) : eq(carbonFactors.provinceCode, v.provinceCode);
  const [row] = await db
    .select({ id: carbonFactors.id })
    .from(carbonFactors)
    .where(
      and(region, eq(carbonFactors.year, v.year), exceptId === undefined ? undefined : ne(carbonFactors.id, exceptId)),
    );
  return row !== undefined;
}

/** Whether a write failed on the region-year unique constraint (two writes at once). */
export function isRegionYearClash(e: unknown): boolean {
  for (let x: unknown = e; x instanceof Object; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The new factor's id; null when another write took its region and year meanwhile. */
export async function insertFactor(db: Db, v: FactorValues): Promise<number | null> {
  try {
    const [row] = await db.insert(carbonFactors).values(v).returning({ id: carbonFactors.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  } catch (e) {
    if (isRegionYearClash(e)) return null;
    throw e;
  }
}

/** Changes a factor; false when another write took its region and year meanwhile. */
export async function updateFactor(db: Db, id: number, v: FactorValues): Promise<boolean> {
  try {
    await db
      .update(carbonFactors)
      .set({ ...v, updateTime: new Date() })
      .where(eq(carbonFactors.id, id));
    return true;
  } catch (e) {
    if (isRegionYearClash(e)) return false;
    throw e;
  }
}

export async function deleteFactor(db: Db, id: number): Promise<void> {
  await db.delete(carbonFactors).where(eq(carbonFactors.id, id));
}

export async function nationalCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(carbonFactors).where(isNull(carbonFactors.provinceCode));
  return row?.n ?? 0;
}
