import type { HomeBlockSetting } from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { homeConfigs, homeDefaults } from '../../../db/home-config-schema';

export type HomeConfigRow = typeof homeConfigs.$inferSelect;
export type HomeDefaultRow = typeof homeDefaults.$inferSelect;

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

export async function findHomeDefault(db: Db, stationId: number): Promise<HomeDefaultRow | undefined> {
  return (await db.select().from(homeDefaults).where(eq(homeDefaults.stationId, stationId)))[0];
}

/** Inserts or replaces the station's default layout (one row per station). */
export async function upsertHomeDefault(
  db: Db,
  stationId: number,
  blocks: HomeBlockSetting[],
  updatedBy: number,
): Promise<HomeDefaultRow> {
  const updateTime = new Date();
  const [row] = await db
    .insert(homeDefaults)
    .values({ stationId, blocks, updatedBy, updateTime })
    .onConflictDoUpdate({ target: homeDefaults.stationId, set: { blocks, updatedBy, updateTime } })
    .returning();
  if (!row) throw new Error('home default upsert returned no row');
  return row;
}

/** Removes every user's own layout of the station; returns how many there were. */
export async function deleteStationHomeConfigs(db: Db, stationId: number): Promise<number> {
  const gone = await db
    .delete(homeConfigs)
    .where(eq(homeConfigs.stationId, stationId))
    .returning({ id: homeConfigs.id });
  return gone.length;
}
