import type { DictItemAddBody, DictItemPageBody, DictTypeAddBody, DictTypePageBody, Lang } from '@ess/contract';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { nameIn, nameMatches } from '../../../db/local-name-sql';
import { dictItems, dictTypes } from '../../../db/schema';
import { containsPattern } from '../../../lib/like';
import { pageOrder, pageSlice } from '../../../lib/paging';

export type DictTypeRecord = typeof dictTypes.$inferSelect;
export type DictItemRecord = typeof dictItems.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

// Column names written out: inside a subquery drizzle leaves them unqualified, and "id" would be the item's.
const itemCount = sql<number>`(select count(*) from "sys_dict_item" i where i."type_id" = "sys_dict_type"."id")::int`;

/** A type's description and its translations, as a stored name and its `names`. */
const description = { name: dictTypes.description, names: dictTypes.descriptions };
/** A type's description in `lang`: a seeded type's translation, else as stored. */
const descriptionIn = (lang: Lang) => nameIn(description, lang);

export async function typePage(
  db: Db,
  q: DictTypePageBody,
  lang: Lang,
): Promise<{ rows: (DictTypeRecord & { itemCount: number })[]; total: number }> {
  const where = and(
    q.type ? ilike(dictTypes.type, containsPattern(q.type)) : undefined,
    // In any language: a seeded type is found by the description its reader sees.
    q.description ? nameMatches(description, containsPattern(q.description)) : undefined,
  );
  const order = pageOrder(q, { type: dictTypes.type, description: descriptionIn(lang), id: dictTypes.id }, [
    sql`${dictTypes.id}`,
  ]);
  const { limit, offset } = pageSlice(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ type: dictTypes, description: descriptionIn(lang), itemCount })
      .from(dictTypes)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(dictTypes).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.type, description: r.description, itemCount: r.itemCount })),
    total: total?.n ?? 0,
  };
}

export async function itemPage(db: Db, q: DictItemPageBody): Promise<{ rows: DictItemRecord[]; total: number }> {
  const text = q.text ? containsPattern(q.text) : null;
  const where = and(
    eq(dictItems.typeId, q.typeId),
    text
      ? or(ilike(dictItems.key, text), ilike(dictItems.value, text), ilike(sql`${dictItems.labels}::text`, text))
      : undefined,
  );
  const order = pageOrder(q, { key: dictItems.key, value: dictItems.value, sort: dictItems.sort, id: dictItems.id }, [
    sql`${dictItems.sort}`,
    sql`${dictItems.id}`,
  ]);
  const { limit, offset } = pageSlice(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dictItems)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(dictItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findType(db: Conn, id: number, lock?: 'update' | 'share'): Promise<DictTypeRecord | null> {
  const q = db.select().from(dictTypes).where(eq(dictTypes.id, id));
  const [row] = await (lock ? q.for(lock) : q);
  return row ?? null;
}

export async function findItem(db: Conn, id: number): Promise<DictItemRecord | null> {
  const [row] = await db.select().from(dictItems).where(eq(dictItems.id, id));
  return row ?? null;
}

export async function typeTaken(db: Conn, type: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dictTypes.id })
    .from(dictTypes)
    .where(and(eq(dictTypes.type, type), exceptId === undefined ? undefined : ne(dictTypes.id, exceptId)));
  return row !== undefined;
}

/** Which of key and value another item of the type (not `exceptId`) already has. */
export async function itemTaken(
  db: Conn,
  typeId: number,
  b: { key: string; value: string },
  exceptId?: number,
): Promise<'key' | 'value' | null> {
  const rows = await db
    .select({ key: dictItems.key, value: dictItems.value })
    .from(dictItems)
    .where(
      and(
        eq(dictItems.typeId, typeId),
        or(eq(dictItems.key, b.key), eq(dictItems.value, b.value)),
        exceptId === undefined ? undefined : ne(dictItems.id, exceptId),
      ),
    );
  if (rows.some((r) => r.key === b.key)) return 'key';
  if (rows.some((r) => r.value === b.value)) return 'value';
  return null;
}

export async function itemCountOf(db: Conn, typeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dictItems).where(eq(dictItems.typeId, typeId));
  return row?.n ?? 0;
}

/** Inserts; null when the name was taken meanwhile (unique key). */
export async function insertType(db: Conn, b: DictTypeAddBody): Promise<number | null> {
  const [row] = await db.insert(dictTypes).values(b).onConflictDoNothing().returning({ id: dictTypes.id });
  return row?.id ?? null;
}

/** `b` without a description leaves it (and its translations) as it is. */
export async function updateType(db: Conn, id: number, b: Partial<typeof dictTypes.$inferInsert>): Promise<void> {
  await db.update(dictTypes).set(b).where(eq(dictTypes.id, id));
}

/** Deletes the type; its items go with it (sys_dict_item cascades). */
export async function deleteType(db: Conn, id: number): Promise<void> {
  await db.delete(dictTypes).where(eq(dictTypes.id, id));
}

/** Inserts; null when key or value was taken meanwhile (unique keys). */
export async function insertItem(db: Conn, b: DictItemAddBody): Promise<number | null> {
  const [row] = await db.insert(dictItems).values(b).onConflictDoNothing().returning({ id: dictItems.id });
  return row?.id ?? null;
}

export async function updateItem(db: Conn, id: number, b: Omit<DictItemAddBody, 'typeId'>): Promise<void> {
  await db.update(dictItems).set(b).where(eq(dictItems.id, id));
}

export async function deleteItem(db: Conn, id: number): Promise<void> {
  await db.delete(dictItems).where(eq(dictItems.id, id));
}
