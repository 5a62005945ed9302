import {
  ACTION_NAMES,
  actionName,
  FORMER_CALL_NAMES,
  type Lang,
  LOG_EVENT_NAMES,
  type OperationLogFilter,
  type OperationLogPageBody,
  type OperationLogRow,
} from '@ess/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { logs } from '../../../db/schema';
import { instant } from '../../../lib/instant';
import { containsPattern } from '../../../lib/like';
import { pageSlice } from '../../../lib/paging';

export type LogEntry = typeof logs.$inferInsert;

/**
 * Writes rows of the operation log (spec 3 "Log"). Parameters never include secrets. The only
 * writer of the table besides the retention purge: the API has no call that edits or deletes.
 */
export async function writeLog(db: Db, entry: LogEntry | LogEntry[]): Promise<void> {
  const rows = Array.isArray(entry) ? entry : [entry];
  if (rows.length > 0) await db.insert(logs).values(rows);
}

/** Calls and events whose action name in the reader's language contains the text. */
function named(text: string, lang: Lang): SQL[] {
  const needle = text.toLocaleLowerCase();
  const hits = (table: Partial<Record<string, Record<Lang, string>>>) =>
    Object.entries(table).flatMap(([key, names]) => (names?.[lang].toLocaleLowerCase().includes(needle) ? [key] : []));
  const current = hits(ACTION_NAMES);
  // Rows logged under an entry's former name are found by its name too.
  const former = Object.entries(FORMER_CALL_NAMES).flatMap(([was, now]) => (current.includes(now) ? [was] : []));
  const calls = [...current, ...former];
  const events = hits(LOG_EVENT_NAMES);
  return [
    ...(calls.length > 0 ? [inArray(logs.methodName, calls)] : []),
    ...(events.length > 0 ? [inArray(logs.name, events)] : []),
  ];
}

function where(q: OperationLogFilter, lang: Lang): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  const name = q.name ? containsPattern(q.name) : null;
  return and(
    text && q.keyword
      ? or(
          ilike(logs.name, text),
          ilike(logs.username, text),
          ilike(logs.methodName, text),
          ilike(logs.ip, text),
          ...named(q.keyword, lang),
        )
      : undefined,
    q.username ? ilike(logs.username, containsPattern(q.username)) : undefined,
    name && q.name ? or(ilike(logs.name, name), ilike(logs.methodName, name), ...named(q.name, lang)) : undefined,
    q.method ? eq(logs.method, q.method) : undefined,
    q.success === undefined ? undefined : eq(logs.success, q.success),
    q.from === undefined ? undefined : gte(logs.createTime, instant(q.from, 'from')),
    q.to === undefined ? undefined : lte(logs.createTime, instant(q.to, 'to')),
  );
}

const SORT_COLUMNS = {
  createTime: logs.createTime,
  durationMs: logs.durationMs,
  username: logs.username,
  name: logs.name,
  methodName: logs.methodName,
};
/** The chosen column, then newest first; the id breaks ties so pages never repeat or skip a row. */
const order = (q: OperationLogFilter): SQL[] => {
  const newest = [desc(logs.createTime), desc(logs.id)];
  if (!q.orderBy) return newest;
  const column = SORT_COLUMNS[q.orderBy];
  return [q.order === 'desc' ? desc(column) : asc(column), ...newest];
};

/** A stored row as the reader sees it: its action named in the reader's language. */
const toRow = (r: typeof logs.$inferSelect, lang: Lang): OperationLogRow => ({
  id: r.id,
  name: actionName(r, lang),
  userId: r.userId,
  username: r.username,
  ip: r.ip,
  method: r.method,
  methodName: r.methodName,
  params: r.params,
  durationMs: r.durationMs,
  success: r.success,
  status: r.status,
  createTime: r.createTime.getTime(),
});

/** A page of the operation log. */
export async function pageOperationLog(
  db: Db,
  q: OperationLogPageBody,
  lang: Lang,
): Promise<{ total: number; rows: OperationLogRow[] }> {
  const filter = where(q, lang);
  const [total] = await db.select({ n: count() }).from(logs).where(filter);
  const { limit, offset } = pageSlice(q);
  const rows = await db
    .select()
    .from(logs)
    .where(filter)
    .orderBy(...order(q))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows: rows.map((r) => toRow(r, lang)) };
}

/** The first `max` rows of a filter in the page's order (for an export). */
export async function operationLogRows(
  db: Db,
  q: OperationLogFilter,
  max: number,
  lang: Lang,
): Promise<OperationLogRow[]> {
  const rows = await db
    .select()
    .from(logs)
    .where(where(q, lang))
    .orderBy(...order(q))
    .limit(max);
  return rows.map((r) => toRow(r, lang));
}
