import type { FileMeta, FilePurpose } from '@ess/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storedFiles } from '../../../db/files-schema';

export type FileRow = typeof storedFiles.$inferSelect;

export type NewFile = {
  id: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  purpose: FilePurpose;
  stationId: number | null;
  uploadedBy: number | null;
  storageKey: string;
};

export const insertFile = (db: Db, row: NewFile) => db.insert(storedFiles).values(row);

/** Deletes the row; answers its storage key (null: none). */
export async function deleteFile(db: Db, id: string): Promise<string | null> {
  const [row] = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning({ key: storedFiles.storageKey });
  return row?.key ?? null;
}

export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row ?? null;
}

export const findFiles = (db: Db, ids: readonly string[]): Promise<FileRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(storedFiles)
        .where(inArray(storedFiles.id, [...ids]));

export const metaOf = (row: FileRow): FileMeta => ({
  id: row.id,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  contentType: row.contentType,
  purpose: row.purpose,
  stationId: row.stationId,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.getTime(),
});

/** One page of a station's files of one purpose (newest first, or by name), with the total. */
export async function pageFiles(
  db: Db,
  q: {
    purpose: FilePurpose;
    stationId: number;
    name?: string;
    orderBy?: 'createdAt' | 'name';
    order?: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: FileRow[]; total: number }> {
  const conds: SQL[] = [eq(storedFiles.purpose, q.purpose), eq(storedFiles.stationId, q.stationId)];
  if (q.name) conds.push(ilike(storedFiles.name, `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conds);
  const dir = q.order === 'asc' ? asc : desc;
  const order = q.orderBy === 'name' ? dir(storedFiles.name) : dir(storedFiles.createdAt);
  const [rows, [total]] = await Promise.all([
    db.select().from(storedFiles).where(where).orderBy(order, desc(storedFiles.id)).offset(q.offset).limit(q.limit),
    db.select({ n: count() }).from(storedFiles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
