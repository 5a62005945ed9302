import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

const KEY = 'auth.rsaKeyPair';
export type StoredKeyPair = { publicKey: string; privateKey: string };

export async function loadKeyPair(db: Db): Promise<StoredKeyPair | null> {
  const rows = await db.select().from(settings).where(eq(settings.key, KEY));
  const v = rows[0]?.value as Partial<StoredKeyPair> | undefined;
  return v?.publicKey && v.privateKey ? { publicKey: v.publicKey, privateKey: v.privateKey } : null;
}

/** Inserts unless another instance stored one first; returns the pair that won. */
export async function saveKeyPair(db: Db, pair: StoredKeyPair): Promise<StoredKeyPair> {
  await db.insert(settings).values({ key: KEY, value: pair }).onConflictDoNothing();
  return (await loadKeyPair(db)) ?? pair;
}
