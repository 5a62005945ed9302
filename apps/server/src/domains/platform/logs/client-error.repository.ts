import type { ClientErrorPageBody, ClientErrorRow } from '@ess/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clientErrors } from '../../../db/schema';
import { instant } from '../../../lib/instant';
import { containsPattern } from '../../../lib/like';

export type ClientErrorEntry = typeof clientErrors.$inferInsert;

export async function insertClientError(db: Db, entry: ClientErrorEntry): Promise<void> {
  await db.insert(clientErrors).values(entry);
}

function where(q: ClientErrorPageBody): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    q.kind ? eq(clientErrors.kind, q.kind) : undefined,
    text
      ? or(ilike(clientErrors.message, text), ilike(clientErrors.url, text), ilike(clientErrors.username, text))
      : undefined,
    q.from === undefined ? undefined : gte(clientErrors.createTime, instant(q.from, 'from')),
    q.to === undefined ? undefined : lte(clientErrors.createTime, instant(q.to, 'to')),
  );
}

/** A page of the client error log, newest first. */
export async function pageClientErrors(
  db: Db,
  q: ClientErrorPageBody,
): Promise<{ total: number; list: ClientErrorRow[] }> {
  const filter = where(q);
  const [total] = await db.select({ n: count() }).from(clientErrors).where(filter);
  const rows = await db
    .select()
    .from(clientErrors)
    .where(filter)
    .orderBy(desc(clientErrors.createTime), desc(clientErrors.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total: total?.n ?? 0,
    list: rows.map(({ createTime, ...r }) => ({ ...r, at: createTime.getTime() })),
  };
}
