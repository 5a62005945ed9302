import type { Lang } from '@ess/contract';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { processDefinitions as d } from '../../../db/workorder-schema';
import { pageOrder, pageSlice } from '../../../lib/paging';

export type DefinitionRecord = typeof d.$inferSelect;

// Correlated subqueries name the outer table: drizzle writes a one-table query's columns unqualified.
/** Orders still running on a definition (raw SQL: the order module owns wo_order and asks this module, not the reverse). */
const running = sql<number>`(select count(*)::int from wo_order o where o.definition_id = wo_definition.id and o.ended_at is null)`;

export type DefinitionPageQuery = {
  pageNum: number;
  pageSize: number;
  orderBy?: 'key' | 'version' | 'deployedAt';
  order?: 'asc' | 'desc';
  keyword?: string;
  latestOnly?: boolean;
};

const latest = sql`${d.version} = (select max(v.version) from wo_definition v where v.key = wo_definition.key and v.deleted_at is null)`;

export async function pageDefinitions(db: Db, q: DefinitionPageQuery, lang: Lang) {
  const where: SQL | undefined = and(
    isNull(d.deletedAt),
    q.latestOnly === false ? undefined : latest,
    q.keyword ? sql`(${d.key} ilike ${`%${q.keyword}%`} or ${nameMatches(d, `%${q.keyword}%`)})` : undefined,
  );
  const rows = await db
    .select({
      id: d.id,
      key: d.key,
      version: d.version,
      name: nameIn(d, lang),
      suspended: d.suspended,
      builtIn: d.builtIn,
      deployedAt: d.deployedAt,
      deployedBy: d.deployedBy,
      runningCount: running,
    })
    .from(d)
    .where(where)
    .orderBy(
      ...pageOrder(q, { key: d.key, version: d.version, deployedAt: d.deployedAt }, [desc(d.deployedAt), desc(d.id)]),
    )
    .limit(pageSlice(q).limit)
    .offset(pageSlice(q).offset);
  const [total] = await db.select({ n: count() }).from(d).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A version by id; deleted ones only when asked (an ended order's diagram). */
export async function findDefinition(db: Db, id: number, withDeleted = false): Promise<DefinitionRecord | null> {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.id, id), withDeleted ? undefined : isNull(d.deletedAt)));
  return row ?? null;
}

export async function runningCount(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: running }).from(d).where(eq(d.id, id));
  return row?.n ?? 0;
}

/** The newest version of a key (suspended or not). */
export async function latestDefinition(db: Db, key: string): Promise<DefinitionRecord | null> {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.key, key), isNull(d.deletedAt)))
    .orderBy(desc(d.version))
    .limit(1);
  return row ?? null;
}

/** The newest version of a key that is not suspended: where new orders start. */
export async function latestActiveDefinition(db: Db, key: string): Promise<DefinitionRecord | null> {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.key, key), eq(d.suspended, false), isNull(d.deletedAt)))
    .orderBy(desc(d.version))
    .limit(1);
  return row ?? null;
}

/** SQLSTATE 23505 from the driver, or wrapped by drizzle as the cause of its query error. */
const isUniqueViolation = (err: unknown): boolean => {
  const code = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? e.code : undefined);
  return code(err) === '23505' || (err instanceof Error && code(err.cause) === '23505');
};

/** Adds the next version of `key`; two imports of one key at once get two versions (the loser retries). */
export async function insertDefinitionVersion(
  db: Db,
  v: Omit<typeof d.$inferInsert, 'id' | 'version'>,
): Promise<{ id: number; version: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertNextVersion(db, v);
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}

async function insertNextVersion(
  db: Db,
  v: Omit<typeof d.$inferInsert, 'id' | 'version'>,
): Promise<{ id: number; version: number }> {
  const rows = (await db.execute(sql`
    insert into wo_definition (key, version, name, names, xml, nodes, built_in, deployed_by)
    select ${v.key}, coalesce(max(version), 0) + 1, ${v.name}, ${JSON.stringify(v.names ?? {})}::jsonb, ${v.xml},
      ${JSON.stringify(v.nodes)}::jsonb, ${v.builtIn ?? false}, ${v.deployedBy ?? null}
    from wo_definition where key = ${v.key}
    returning id, version`)) as { rows: { id: number; version: number }[] };
  const row = rows.rows[0];
  if (!row) throw new Error('definition not inserted');
  return { id: Number(row.id), version: Number(row.version) };
}

export async function setSuspended(db: Db, id: number, suspended: boolean): Promise<boolean> {
  const rows = await db
    .update(d)
    .set({ suspended })
    .where(and(eq(d.id, id), isNull(d.deletedAt)))
    .returning({ id: d.id });
  return rows.length > 0;
}

/**
 * Deletes a version only while no order runs on it, in one statement (an order starting at the
 * same moment either is counted or finds the version gone). Kept as a row for ended orders' diagrams.
 */
export async function deleteIdleDefinition(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(d)
    .set({ deletedAt: new Date(), suspended: true })
    .where(
      and(
        eq(d.id, id),
        isNull(d.deletedAt),
        sql`not exists (select 1 from wo_order o where o.definition_id = wo_definition.id and o.ended_at is null)`,
      ),
    )
    .returning({ id: d.id });
  return rows.length > 0;
}
