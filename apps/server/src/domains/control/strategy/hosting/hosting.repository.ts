import { and, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { hostingDays, hostingSettings } from '../../../../db/strategy-schema';

export type HostingSettingRow = typeof hostingSettings.$inferSelect;
export type HostingDayDbRow = typeof hostingDays.$inferSelect;
export type NewHostingDay = typeof hostingDays.$inferInsert;

export async function findSettings(db: Db, stationId: number): Promise<HostingSettingRow | null> {
  const [row] = await db.select().from(hostingSettings).where(eq(hostingSettings.stationId, stationId));
  return row ?? null;
}

export async function saveSettings(db: Db, v: Omit<HostingSettingRow, 'updateTime'>): Promise<void> {
  const set = { ...v, updateTime: new Date() };
  await db.insert(hostingSettings).values(set).onConflictDoUpdate({ target: hostingSettings.stationId, set });
}

export const enabledSettings = (db: Db): Promise<HostingSettingRow[]> =>
  db.select().from(hostingSettings).where(eq(hostingSettings.enabled, true));

export async function dayPage(
  db: Db,
  stationId: number,
  pageNum: number,
  pageSize: number,
  order: 'asc' | 'desc',
): Promise<{ rows: HostingDayDbRow[]; total: number }> {
  const where = eq(hostingDays.stationId, stationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(hostingDays)
      .where(where)
      .orderBy(order === 'asc' ? hostingDays.date : desc(hostingDays.date))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(hostingDays).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDay(db: Db, id: number): Promise<HostingDayDbRow | null> {
  const [row] = await db.select().from(hostingDays).where(eq(hostingDays.id, id));
  return row ?? null;
}

export async function dayOf(db: Db, stationId: number, date: string): Promise<HostingDayDbRow | null> {
  const [row] = await db
    .select()
    .from(hostingDays)
    .where(and(eq(hostingDays.stationId, stationId), eq(hostingDays.date, date)));
  return row ?? null;
}

/** Replaces a station's day that was not approved (a new plan for review), or adds it. */
export async function putDay(db: Db, v: NewHostingDay): Promise<HostingDayDbRow> {
  return db.transaction(async (tx) => {
    await tx.delete(hostingDays).where(and(eq(hostingDays.stationId, v.stationId), eq(hostingDays.date, v.date)));
    const [row] = await tx.insert(hostingDays).values(v).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/**
 * Moves a day on from `from` to the values given, if it is still in `from` (two instances or a
 * reviewer and the runner racing: one wins). The row as it is now; null when it had moved on.
 */
export async function moveDay(
  db: Db,
  id: number,
  from: HostingDayDbRow['state'][],
  set: Partial<NewHostingDay>,
): Promise<HostingDayDbRow | null> {
  const [row] = await db
    .update(hostingDays)
    .set(set)
    .where(and(eq(hostingDays.id, id), inArray(hostingDays.state, from)))
    .returning();
  return row ?? null;
}

/** Days of these states whose `deadlineAt` or `startAt` has come. */
export function daysDue(
  db: Db,
  states: HostingDayDbRow['state'][],
  by: 'deadlineAt' | 'startAt',
  now: Date,
): Promise<HostingDayDbRow[]> {
  return db
    .select()
    .from(hostingDays)
    .where(and(inArray(hostingDays.state, states), lte(hostingDays[by], now)));
}
