import { type AnyColumn, and, asc, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { stations } from '../../../db/schema';
import { orderRules as r, orderSchedules as s } from '../../../db/workorder-schema';
import { stationScopeFilter } from '../../../kernel/station-scope.service';
import { pageOrder, pageSlice } from '../../../lib/paging';
import type { SessionUser } from '../../../lib/types';

type Page = { pageNum: number; pageSize: number; order?: 'asc' | 'desc'; stationId?: number };

/** A template's name in the request's language (raw SQL: the process module owns wo_template). */
const templateName = (templateId: SQL | AnyColumn, lang: string) => sql<string>`(select coalesce(
  nullif(t.names ->> ${lang}, ''), nullif(t.names ->> 'zh_CN', ''), t.name) from wo_template t where t.id = ${templateId})`;

export const templateExists = async (db: Db, id: number): Promise<boolean> => {
  const rows = (await db.execute(sql`select 1 from wo_template where id = ${id}`)) as unknown as { rows: unknown[] };
  return rows.rows.length > 0;
};

export async function pageRules(
  db: Db,
  user: SessionUser,
  q: Page & { orderBy?: 'stationId' | 'updatedAt' },
  lang: string,
) {
  const where = and(stationScopeFilter(user), q.stationId === undefined ? undefined : eq(r.stationId, q.stationId));
  const rows = await db
    .select({
      id: r.id,
      stationId: r.stationId,
      stationName: stations.name,
      minLevel: r.minLevel,
      templateId: r.templateId,
      templateName: templateName(r.templateId, lang),
      enabled: r.enabled,
      updatedAt: r.updatedAt,
    })
    .from(r)
    .innerJoin(stations, eq(stations.id, r.stationId))
    .where(where)
    .orderBy(...pageOrder(q, { stationId: r.stationId, updatedAt: r.updatedAt }, [desc(r.updatedAt), desc(r.id)]))
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  const [total] = await db
    .select({ n: count() })
    .from(r)
    .innerJoin(stations, eq(stations.id, r.stationId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function saveRule(db: Db, v: typeof r.$inferInsert & { id?: number }): Promise<number | null> {
  if (v.id === undefined) {
    const [row] = await db.insert(r).values(v).returning({ id: r.id });
    return row?.id ?? null;
  }
  const { id, ...rest } = v;
  const rows = await db
    .update(r)
    .set({ ...rest, updatedAt: new Date() })
    .where(and(eq(r.id, id), eq(r.stationId, v.stationId)))
    .returning({ id: r.id });
  return rows[0]?.id ?? null;
}

export async function deleteRule(db: Db, id: number, stationId: number): Promise<boolean> {
  const rows = await db
    .delete(r)
    .where(and(eq(r.id, id), eq(r.stationId, stationId)))
    .returning({ id: r.id });
  return rows.length > 0;
}

export async function pageSchedules(
  db: Db,
  user: SessionUser,
  q: Page & { orderBy?: 'stationId' | 'nextRunAt' },
  lang: string,
) {
  const where = and(stationScopeFilter(user), q.stationId === undefined ? undefined : eq(s.stationId, q.stationId));
  const rows = await db
    .select({
      id: s.id,
      stationId: s.stationId,
      stationName: stations.name,
      orderType: s.orderType,
      cron: s.cron,
      templateId: s.templateId,
      templateName: templateName(s.templateId, lang),
      title: s.title,
      enabled: s.enabled,
      nextRunAt: s.nextRunAt,
      lastRunAt: s.lastRunAt,
    })
    .from(s)
    .innerJoin(stations, eq(stations.id, s.stationId))
    .where(where)
    .orderBy(...pageOrder(q, { stationId: s.stationId, nextRunAt: s.nextRunAt }, [desc(s.id)]))
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  const [total] = await db
    .select({ n: count() })
    .from(s)
    .innerJoin(stations, eq(stations.id, s.stationId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function saveSchedule(db: Db, v: typeof s.$inferInsert & { id?: number }): Promise<number | null> {
  if (v.id === undefined) {
    const [row] = await db.insert(s).values(v).returning({ id: s.id });
    return row?.id ?? null;
  }
  const { id, ...rest } = v;
  const rows = await db
    .update(s)
    .set(rest)
    .where(and(eq(s.id, id), eq(s.stationId, v.stationId)))
    .returning({ id: s.id });
  return rows[0]?.id ?? null;
}

export async function deleteSchedule(db: Db, id: number, stationId: number): Promise<boolean> {
  const rows = await db
    .delete(s)
    .where(and(eq(s.id, id), eq(s.stationId, stationId)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** Enabled schedules whose next run has come (oldest first, a bounded batch per round). */
export async function dueSchedules(db: Db, now: Date) {
  return db
    .select({
      id: s.id,
      stationId: s.stationId,
      orderType: s.orderType,
      cron: s.cron,
      templateId: s.templateId,
      title: s.title,
      nextRunAt: s.nextRunAt,
    })
    .from(s)
    .where(and(eq(s.enabled, true), lte(s.nextRunAt, now)))
    .orderBy(asc(s.nextRunAt))
    .limit(50);
}

/**
 * Takes one run of a schedule: moves `next_run_at` on only if it still holds the run this
 * instance read, so of several instances exactly one gets the run (true) and opens its order.
 * Called in the transaction that opens the order: the row stays locked until both commit.
 */
export async function claimScheduleRun(db: Db, id: number, run: Date, next: Date | null): Promise<boolean> {
  const rows = await db
    .update(s)
    .set({ nextRunAt: next, lastRunAt: run })
    .where(and(eq(s.id, id), eq(s.nextRunAt, run)))
    .returning({ id: s.id });
  return rows.length > 0;
}
