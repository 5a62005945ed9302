import type { AlarmWorkOrder } from '@ess/contract';
import { asc, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { workOrders as o } from '../../../db/workorder-schema';

/**
 * The work order of each alarm event, for the alarm lists: the running one (at most one, a
 * partial unique index), else the newest ended one; alarms without an order are absent. One
 * query for a page of alarms.
 */
export async function ordersOfAlarms(db: Db, alarmIds: readonly number[]): Promise<Map<number, AlarmWorkOrder>> {
  if (alarmIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([o.alarmEventId], { alarmEventId: o.alarmEventId, id: o.id, number: o.number })
    .from(o)
    .where(inArray(o.alarmEventId, [...new Set(alarmIds)]))
    .orderBy(asc(o.alarmEventId), sql`${o.endedAt} is null desc`, desc(o.createdAt), desc(o.id));
  const found = new Map<number, AlarmWorkOrder>();
  for (const r of rows) if (r.alarmEventId !== null) found.set(r.alarmEventId, { id: r.id, number: r.number });
  return found;
}
