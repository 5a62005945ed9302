import type { PlanCurvePageBody, PlanCurveSegment, PlanCurveTemplate } from '@ess/contract';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { planCurves } from '../../../db/plan-curve-schema';
import { stations, users } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

type PageQuery = Omit<PlanCurvePageBody, 'pageNum' | 'pageSize'> & { pageNum: number; pageSize: number };

/** A template as stored; whether the caller may change it is the service's to say. */
export type TemplateRow = Omit<PlanCurveTemplate, 'editable'>;

/** Stations whose own templates a caller sees (besides the shared ones); null: every station (administrators). */
export type TemplateScope = number[] | null;

const columns = {
  id: planCurves.id,
  code: planCurves.code,
  name: planCurves.name,
  stationId: planCurves.stationId,
  stationName: stations.name,
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
  stationId: number | null;
  stationName: string | null;
  segments: PlanCurveSegment[];
  enabled: boolean;
  modifyTime: Date;
  modifiedBy: string | null;
  createTime: Date;
};

const toTemplate = (r: Selected): TemplateRow => ({
  ...r,
  modifyTime: r.modifyTime.getTime(),
  createTime: r.createTime.getTime(),
});

const select = (db: Db) =>
  db
    .select(columns)
    .from(planCurves)
    .leftJoin(users, eq(users.id, planCurves.modifiedBy))
    .leftJoin(stations, eq(stations.id, planCurves.stationId));

/** The shared templates and those of the stations in scope. */
const scopeWhere = (scope: TemplateScope): SQL | undefined =>
  scope === null
    ? undefined
    : scope.length === 0
      ? isNull(planCurves.stationId)
      : or(isNull(planCurves.stationId), inArray(planCurves.stationId, scope));

function pageWhere(q: PageQuery, scope: TemplateScope): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    scopeWhere(scope),
    text ? or(ilike(planCurves.code, text), ilike(planCurves.name, text)) : undefined,
    q.enabled === undefined ? undefined : eq(planCurves.enabled, q.enabled),
  );
}

export async function templatePage(
  db: Db,
  q: PageQuery,
  scope: TemplateScope,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = pageWhere(q, scope);
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

export async function findTemplate(db: Db, id: number): Promise<TemplateRow | null> {
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

export type TemplateFields = {
  code: string;
  name: string;
  stationId: number | null;
  segments: PlanCurveSegment[];
  enabled: boolean;
};

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
