import type { HomeBlockSetting } from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { homeConfigs } from '../../db/home-config-schema';

export type HomeConfigRow = typeof homeConfigs.$inferSelect;

export async function findHomeConfig(db: Db, userId: number, stationId: number): Promise<HomeConfigRow | undefined> {
  return (
    await db
      .select()
      .from(homeConfigs)
      .where(and(eq(homeConfigs.userId, userId), eq(homeConfigs.stationId, stationId)))
  )[0];
}

/** Inserts or replaces the user's configuration of the station; one row per pair (unique index). */
export async function upsertHomeConfig(
  db: Db,
  userId: number,
  stationId: number,
  blocks: HomeBlockSetting[],
): Promise<HomeConfigRow> {
  const updateTime = new Date();
  const [row] = await db
    .insert(homeConfigs)
    .values({ userId, stationId, blocks, updateTime })
    .onConflictDoUpdate({ target: [homeConfigs.userId, homeConfigs.stationId], set: { blocks, updateTime } })
    .returning();
  if (!row) throw new Error('home config upsert returned no row');
  return row;
}
