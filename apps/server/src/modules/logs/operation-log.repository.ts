import type { OperationLogPageBody, OperationLogRow } from '@ess/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logs } from '../../db/schema';
import { containsPattern } from '../../lib/like';

export type LogEntry = typeof logs.$inferInsert;

/** Writes one row of the operation log (spec 3 "Log"). Parameters never include secrets. */
export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(logs).values(entry);
}

function where(q: OperationLogPageBody): SQL | undefined {
  const text = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    text
      ? or(ilike(logs.name, text), ilike(logs.username, text), ilike(logs.methodName, text), ilike(logs.ip, text))
      : undefined,
    q.success === undefined ? undefined : eq(logs.success, q.success),
    q.from === undefined ? undefined : gte(logs.createTime, new Date(q.from)),
    q.to === undefined ? undefined : lte(logs.createTime, new Date(q.to)),
  );
}

/** A page of the operation log, newest first. */
export async function pageOperationLog(
  db: Db,
  q: OperationLogPageBody,
): Promise<{ total: number; list: OperationLogRow[] }> {
  const filter = where(q);
  const [total] = await db.select({ n: count() }).from(logs).where(filter);
  const rows = await db
    .select()
    .from(logs)
    .where(filter)
    .orderBy(desc(logs.createTime), desc(logs.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      userId: r.userId,
      username: r.username,
      ip: r.ip,
      method: r.method,
      methodName: r.methodName,
      params: r.params,
      durationMs: r.durationMs,
      success: r.success,
      createTime: r.createTime.getTime(),
    })),
  };
}
