import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { fileTransfers } from '../../../db/remote-file-schema';

export type TransferRecord = typeof fileTransfers.$inferSelect;

export async function insertTransfer(db: Db, row: typeof fileTransfers.$inferInsert): Promise<TransferRecord> {
  const [r] = await db.insert(fileTransfers).values(row).returning();
  if (!r) throw new Error('transfer not stored');
  return r;
}

export async function transferPage(db: Db, q: { stationId: number; offset: number; limit: number }) {
  const where = eq(fileTransfers.stationId, q.stationId);
  const [rows, [total]] = await Promise.all([
    db.select().from(fileTransfers).where(where).orderBy(desc(fileTransfers.id)).offset(q.offset).limit(q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(fileTransfers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The transfer a one-time URL's token opens, while it has not expired. */
export async function transferOfToken(db: Db, tokenHash: string, now: Date): Promise<TransferRecord | null> {
  const [r] = await db
    .select()
    .from(fileTransfers)
    .where(
      and(eq(fileTransfers.tokenHash, tokenHash), sql`${fileTransfers.expires} > ${now.toISOString()}::timestamptz`),
    );
  return r ?? null;
}

/** A pulled file arrived: linked once, and its URL closed. */
export async function attachReceived(db: Db, id: number, fileId: string): Promise<boolean> {
  const r = await db
    .update(fileTransfers)
    .set({ fileId, tokenHash: null, expires: null })
    .where(and(eq(fileTransfers.id, id), eq(fileTransfers.direction, 'pull'), isNull(fileTransfers.fileId)))
    .returning({ id: fileTransfers.id });
  return r.length > 0;
}

/** The checksum a device computed of a pushed file (its answer). */
export async function recordDeviceSha(db: Db, commandId: string, sha256: string): Promise<void> {
  await db.update(fileTransfers).set({ deviceSha256: sha256 }).where(eq(fileTransfers.commandId, commandId));
}

export function transfersOfFile(db: Db, fileId: string): Promise<TransferRecord[]> {
  return db.select().from(fileTransfers).where(eq(fileTransfers.fileId, fileId));
}

/** Which device each of these files was pulled from (files uploaded by users are absent). */
export async function pulledFrom(db: Db, fileIds: readonly string[]): Promise<Map<string, number>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ fileId: fileTransfers.fileId, deviceId: fileTransfers.deviceId })
    .from(fileTransfers)
    .where(and(eq(fileTransfers.direction, 'pull'), inArray(fileTransfers.fileId, [...fileIds])));
  return new Map(rows.flatMap((r) => (r.fileId ? [[r.fileId, r.deviceId] as const] : [])));
}

export async function deleteTransfer(db: Db, id: number): Promise<void> {
  await db.delete(fileTransfers).where(eq(fileTransfers.id, id));
}
