import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { settings, userThemes } from '../../../db/schema';

/** Settings key of the administrator-chosen system theme. */
export const SYSTEM_THEME_KEY = 'theme.system';

export async function findSystemTheme(db: Db): Promise<unknown> {
  return (await db.select().from(settings).where(eq(settings.key, SYSTEM_THEME_KEY)))[0]?.value;
}

export async function findUserTheme(db: Db, userId: number): Promise<unknown> {
  return (await db.select().from(userThemes).where(eq(userThemes.userId, userId)))[0]?.config;
}

export async function upsertUserTheme(db: Db, userId: number, config: Record<string, unknown>): Promise<void> {
  const updateTime = new Date();
  await db
    .insert(userThemes)
    .values({ userId, config, updateTime })
    .onConflictDoUpdate({ target: userThemes.userId, set: { config, updateTime } });
}
