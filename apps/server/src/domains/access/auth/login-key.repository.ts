import { gte, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loginKeys } from '../../../db/schema';

export type StoredLoginKey = { slot: number; publicKey: string; privateKeyEnc: string };

export async function loginKeysFrom(db: Db, oldestSlot: number): Promise<StoredLoginKey[]> {
  return db
    .select({ slot: loginKeys.slot, publicKey: loginKeys.publicKey, privateKeyEnc: loginKeys.privateKeyEnc })
    .from(loginKeys)
    .where(gte(loginKeys.slot, oldestSlot));
}

/** Stores the slot's pair unless another instance stored one first (the stored one wins). */
export async function insertLoginKey(db: Db, key: StoredLoginKey): Promise<void> {
  await db.insert(loginKeys).values(key).onConflictDoNothing();
}

export async function deleteLoginKeysBefore(db: Db, slot: number): Promise<void> {
  await db.delete(loginKeys).where(lt(loginKeys.slot, slot));
}
