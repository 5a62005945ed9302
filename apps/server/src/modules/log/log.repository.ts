import type { Db } from '../../db/client';
import { logs } from '../../db/schema';

export type LogEntry = typeof logs.$inferInsert;

/** Writes one row of the operation log (spec 3 "Log"). Parameters never include secrets. */
export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db.insert(logs).values(entry);
}
