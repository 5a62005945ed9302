import { and, asc, count, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reportSubscriptions } from '../../../db/statement-schema';

export type SubscriptionDbRow = typeof reportSubscriptions.$inferSelect;
export type SubscriptionValues = Omit<
  typeof reportSubscriptions.$inferInsert,
  'id' | 'createTime' | 'lastPeriod' | 'lastSentAt' | 'lastStatus' | 'lastDetail'
>;

export const subscriptionsOf = (db: Db, userId: number): Promise<SubscriptionDbRow[]> =>
  db
    .select()
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.userId, userId))
    .orderBy(asc(reportSubscriptions.id));

export async function countOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reportSubscriptions).where(eq(reportSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function mySubscription(db: Db, userId: number, id: number): Promise<SubscriptionDbRow | null> {
  const [row] = await db
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.userId, userId)));
  return row ?? null;
}

export async function insertSubscription(db: Db, v: SubscriptionValues): Promise<number> {
  const [row] = await db.insert(reportSubscriptions).values(v).returning({ id: reportSubscriptions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateSubscription(db: Db, id: number, v: SubscriptionValues): Promise<void> {
  await db.update(reportSubscriptions).set(v).where(eq(reportSubscriptions.id, id));
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.delete(reportSubscriptions).where(eq(reportSubscriptions.id, id));
}

export const enabledSubscriptions = (db: Db): Promise<SubscriptionDbRow[]> =>
  db.select().from(reportSubscriptions).where(eq(reportSubscriptions.enabled, true));

/**
 * Takes a period for sending: moves `last_period` to it if it was another. True for one caller
 * per subscription and period, whatever the number of instances running the same minute.
 */
export async function claimSubscriptionPeriod(db: Db, id: number, period: string): Promise<boolean> {
  const rows = await db
    .update(reportSubscriptions)
    .set({ lastPeriod: period })
    .where(
      and(
        eq(reportSubscriptions.id, id),
        or(isNull(reportSubscriptions.lastPeriod), ne(reportSubscriptions.lastPeriod, period)),
      ),
    )
    .returning({ id: reportSubscriptions.id });
  return rows.length > 0;
}

export async function recordDelivery(
  db: Db,
  id: number,
  at: Date,
  status: 'sent' | 'failed',
  detail: string | null,
): Promise<void> {
  await db
    .update(reportSubscriptions)
    .set({ lastSentAt: at, lastStatus: status, lastDetail: detail })
    .where(eq(reportSubscriptions.id, id));
}
