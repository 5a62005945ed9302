import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dictItems, dictTypes } from '../../../db/schema';

export type DictTypeRow = typeof dictTypes.$inferSelect;
export type DictItemRow = typeof dictItems.$inferSelect;

/** Every dictionary type (by id) with its items (by sort, then id). */
export async function allDictionaries(db: Db): Promise<{ type: DictTypeRow; items: DictItemRow[] }[]> {
  const types = await db.select().from(dictTypes).orderBy(asc(dictTypes.id));
  const items = await db.select().from(dictItems).orderBy(asc(dictItems.sort), asc(dictItems.id));
  return types.map((type) => ({ type, items: items.filter((i) => i.typeId === type.id) }));
}
