import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { familyLinks } from '../../../db/dashboard-schema';

export type FamilyLink = typeof familyLinks.$inferSelect;

export async function familyLinkOf(db: Db, stationId: number): Promise<FamilyLink | null> {
  const [r] = await db.select().from(familyLinks).where(eq(familyLinks.stationId, stationId));
  return r ?? null;
}

export async function familyLinkOfToken(db: Db, tokenHash: string): Promise<FamilyLink | null> {
  const [r] = await db.select().from(familyLinks).where(eq(familyLinks.tokenHash, tokenHash));
  return r ?? null;
}

/** The station's one link, replaced: the token before it stops working. */
export async function putFamilyLink(
  db: Db,
  row: { stationId: number; tokenHash: string; publishedBy: number; publishedAt: Date },
) {
  await db
    .insert(familyLinks)
    .values(row)
    .onConflictDoUpdate({
      target: familyLinks.stationId,
      set: { tokenHash: row.tokenHash, publishedBy: row.publishedBy, publishedAt: row.publishedAt },
    });
}

export async function deleteFamilyLink(db: Db, stationId: number): Promise<void> {
  await db.delete(familyLinks).where(eq(familyLinks.stationId, stationId));
}
