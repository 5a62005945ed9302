import type { Lang } from '@ess/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { orderTemplates as t } from '../../../db/workorder-schema';
import { pageOrder, pageSlice } from '../../../lib/paging';

export type TemplateRecord = typeof t.$inferSelect;
export type TemplateValues = Omit<typeof t.$inferInsert, 'id' | 'updatedAt' | 'names'>;

export type TemplatePageQuery = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'name' | 'orderType' | 'updatedAt';
  order?: 'asc' | 'desc';
  orderType?: number;
  keyword?: string;
};

/** The newest version's name of the template's process, in the request's language. */
const definitionName = (lang: Lang) => sql<string | null>`(select coalesce(nullif(d.names ->> ${lang}, ''),
  nullif(d.names ->> 'zh_CN', ''), d.name) from wo_definition d where d.key = wo_template.definition_key
  and d.deleted_at is null order by d.version desc limit 1)`;

export async function pageTemplates(db: Db, q: TemplatePageQuery, lang: Lang) {
  const where: SQL | undefined = and(
    q.orderType === undefined ? undefined : eq(t.orderType, q.orderType),
    q.keyword ? nameMatches(t, `%${q.keyword}%`) : undefined,
  );
  const name = nameIn(t, lang);
  const rows = await db
    .select({
      id: t.id,
      name,
      orderType: t.orderType,
      definitionKey: t.definitionKey,
      executorPostIds: t.executorPostIds,
      executorUserIds: t.executorUserIds,
      slaHours: t.slaHours,
      formFields: t.formFields,
      enabled: t.enabled,
      definitionName: definitionName(lang),
      updatedAt: t.updatedAt,
    })
    .from(t)
    .where(where)
    .orderBy(...pageOrder(q, { name, orderType: t.orderType, updatedAt: t.updatedAt }, [desc(t.updatedAt), desc(t.id)]))
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findTemplate(db: Db, id: number): Promise<TemplateRecord | null> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row ?? null;
}

/** The enabled template of an order type (the lowest id when several are). */
export async function templateOfType(db: Db, orderType: number): Promise<TemplateRecord | null> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.orderType, orderType), eq(t.enabled, true)))
    .orderBy(t.id)
    .limit(1);
  return row ?? null;
}

export async function insertTemplate(db: Db, v: TemplateValues): Promise<number> {
  const [row] = await db.insert(t).values(v).returning({ id: t.id });
  if (!row) throw new Error('template not inserted');
  return row.id;
}

/** Updates a template; a name changed from the shown one drops the seeded translations. */
export async function updateTemplate(db: Db, id: number, v: TemplateValues, keepNames: boolean): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ ...v, ...(keepNames ? {} : { names: {} }), updatedAt: new Date() })
    .where(eq(t.id, id))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Deletes a template no rule or schedule uses (raw SQL: the automation module owns those tables). */
export async function deleteUnusedTemplate(db: Db, id: number): Promise<'deleted' | 'missing' | 'used'> {
  const rows = await db
    .delete(t)
    .where(
      and(
        eq(t.id, id),
        sql`not exists (select 1 from wo_rule r where r.template_id = wo_template.id)`,
        sql`not exists (select 1 from wo_schedule s where s.template_id = wo_template.id)`,
      ),
    )
    .returning({ id: t.id });
  if (rows.length > 0) return 'deleted';
  return (await findTemplate(db, id)) ? 'used' : 'missing';
}
