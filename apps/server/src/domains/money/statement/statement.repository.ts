import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { settlementRatios } from '../../../db/statement-schema';

export type SettlementRatioRow = typeof settlementRatios.$inferSelect;

/** Each station's dated ratios, oldest first. */
export async function ratiosOf(db: Db, stationIds: number[]): Promise<Map<number, SettlementRatioRow[]>> {
  const out = new Map<number, SettlementRatioRow[]>(stationIds.map((id) => [id, []]));
  if (stationIds.length === 0) return out;
  const rows = await db
    .select()
    .from(settlementRatios)
    .where(inArray(settlementRatios.stationId, stationIds))
    .orderBy(asc(settlementRatios.fromMonth));
  for (const r of rows) out.get(r.stationId)?.push(r);
  return out;
}

/** Sets the ratio from a month on (replacing one set for the same month). */
export async function upsertRatio(
  db: Db,
  v: { stationId: number; fromMonth: string; ratio: number; updateBy: string },
): Promise<void> {
  await db
    .insert(settlementRatios)
    .values(v)
    .onConflictDoUpdate({
      target: [settlementRatios.stationId, settlementRatios.fromMonth],
      set: { ratio: v.ratio, updateBy: v.updateBy, updateTime: new Date() },
    });
}

/** Removes the ratio set from a month; false when there was none. */
export async function deleteRatio(db: Db, stationId: number, fromMonth: string): Promise<boolean> {
  const gone = await db
    .delete(settlementRatios)
    .where(and(eq(settlementRatios.stationId, stationId), eq(settlementRatios.fromMonth, fromMonth)))
    .returning({ id: settlementRatios.id });
  return gone.length > 0;
}
