import type { PlanCurvePageBody, PlanCurveSegment, PlanCurveTemplate } from '@ess/contract';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { planCurves } from '../../db/plan-curve-schema';
import { users } from '../../db/schema';
import { containsPattern } from '../../lib/like';
import { pageOrder, pageSlice } from '../../lib/paging';

type PageQuery = Omit<PlanCurvePageBody, 'pageNum' | 'pageSize'> & { pageNum: number; pageSize: number };

const columns = {
  id: planCurves.id,
  code: planCurves.code,
  name: planCurves.name,
  segments: planCurves.segments,
  enabled: planCurves.enabled,
  modifyTime: planCurves.modifyTime,
  modifiedBy: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
  createTime: planCurves.createTime,
};

type Selected = {
  id: number;
  code: string;
  name: string;
  segments: PlanCurveSegment[];
  enabled: boolean;
  modifyTime: Date;
  modifiedBy: string | null;
  createTime: Date;
};

const toTemplate = (r: Selected): PlanCurveTemplate => ({
  ...r,
  modifyTime: r.modifyTime.getTime(),
  createTime: r.createTime.getTime(),
});

const select = (db: Db) => db.select(columns).from(planCurves).leftJoin(users, eq(users.id, planCurves.modifiedBy));

function pageWhere(q: PageQuery): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    text ? or(ilike(planCurves.code, text), ilike(planCurves.name, text)) : undefined,
    q.enabled === undefined ? undefined : eq(planCurves.enabled, q.enabled),
  );
}

export async function templatePage(db: Db, q: PageQuery): Promise<{ rows: PlanCurveTemplate[]; total: number }> {
  const where = pageWhere(q);
  const order = pageOrder(
    q,
    { code: planCurves.code, name: planCurves.name, enabled: planCurves.enabled, modifyTime: planCurves.modifyTime },
    [asc(planCurves.code), asc(planCurves.id)],
  );
  const { limit, offset } = pageSlice(q);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(planCurves).where(where),
  ]);
  return { rows: rows.map(toTemplate), total: total?.n ?? 0 };
}

export async function findTemplate(db: Db, id: number): Promise<PlanCurveTemplate | null> {
  const [row] = await select(db).where(eq(planCurves.id, id));
  return row ? toTemplate(row) : null;
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: planCurves.id })
    .from(planCurves)
    .where(and(eq(planCurves.code, code), exceptId === undefined ? undefined : ne(planCurves.id, exceptId)));
  return row !== undefined;
}

export type TemplateFields = { code: string; name: string; segments: PlanCurveSegment[]; enabled: boolean };

/**
 * The modify time is set here in whole milliseconds (never the database's microseconds), so the
 * version the client reads back compares equal with what is stored.
 */
export async function insertTemplate(db: Db, f: TemplateFields, userId: number): Promise<number> {
  const [row] = await db
    .insert(planCurves)
    .values({ ...f, modifiedBy: userId, modifyTime: new Date() })
    .returning({ id: planCurves.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Saves fields; the modify time moves on by at least 1 ms so each save is a new version. */
export async function updateTemplate(db: Db, id: number, f: Partial<TemplateFields>, userId: number): Promise<boolean> {
  const rows = await db
    .update(planCurves)
    .set({
      ...f,
      modifiedBy: userId,
      modifyTime: sql`greatest(date_trunc('milliseconds', now()), ${planCurves.modifyTime} + interval '1 millisecond')`,
    })
    .where(eq(planCurves.id, id))
    .returning({ id: planCurves.id });
  return rows.length > 0;
}

/** Deletes a disabled template; 'enabled' when it is still enabled, 'missing' when there is none. */
export async function deleteDisabled(db: Db, id: number): Promise<'deleted' | 'enabled' | 'missing'> {
  const rows = await db
    .delete(planCurves)
    .where(and(eq(planCurves.id, id), eq(planCurves.enabled, false)))
    .returning({ id: planCurves.id });
  if (rows.length > 0) return 'deleted';
  return (await findTemplate(db, id)) ? 'enabled' : 'missing';
}
