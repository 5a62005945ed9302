import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_KIND_TYPES, FILE_RULES, type FileMeta, type FilePurpose, type StoredFile } from '@ess/contract';
import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import { assertStationInScope } from '../../../kernel/station-scope.service';
import { AppError, notFound, refusal } from '../../../lib/app-error';
import { attachmentDisposition } from '../../../lib/content-disposition';
import type { StreamAnswer } from '../../../lib/endpoint-route';
import type { SessionUser } from '../../../lib/types';
import { parseRange } from './byte-range';
import { decideKind } from './file-kind';
import type { FileStorage } from './file-storage';
import { deleteFile, type FileRow, findFile, findFiles, insertFile, metaOf, pageFiles } from './files.repository';
import { receive } from './incoming';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';

/** Where a file may be used: the owner's station, and who links it (for files without a station). */
export type FileUse = { stationId: number | null; userId: number; purpose: FilePurpose };

const described = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  sha256: row.sha256,
  contentType: row.contentType,
});

/** The backend FILE_STORE names: DATA_DIR/files, or the S3 bucket. */
export function storageOf(env: Env): FileStorage {
  if (env.FILE_STORE === 's3' && env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return new S3FileStorage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
    });
  }
  return new LocalFileStorage(path.join(env.DATA_DIR, 'files'));
}

/**
 * The one file store (issue 23 part 7): uploads checked while they stream (size cap and
 * format by content per purpose, SHA-256), metadata in sys_file, bytes in the backend; reads
 * follow the file's station scope, or its uploader when it has none. Other modules use its
 * face (`describeFiles`, `assertFilesUsable`, `openFile`), never the table.
 */
export class FileService {
  private readonly incomingDir: string;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    dataDir: string,
  ) {
    this.incomingDir = path.join(dataDir, 'files', '.incoming');
  }

  static from({ env, db }: { env: Env; db: Db }): FileService {
    return new FileService(db, storageOf(env), env.DATA_DIR);
  }

  async upload(
    fields: { purpose: FilePurpose; stationId?: number },
    file: { fileName: string; stream: Readable },
    user: SessionUser,
  ): Promise<StoredFile> {
    if (fields.stationId !== undefined) await assertStationInScope(this.db, user, fields.stationId);
    return this.store(fields, file, user.userId);
  }

  /**
   * Stores a file for a caller the using module authorised itself (a device uploading a pulled
   * file through its one-time URL): the same checks while it streams, no scope check here.
   */
  async store(
    fields: { purpose: FilePurpose; stationId?: number },
    file: { fileName: string; stream: Readable },
    uploadedBy: number | null,
  ): Promise<StoredFile> {
    const rule = FILE_RULES[fields.purpose];
    const got = await receive(file.stream, this.incomingDir, rule.maxBytes);
    try {
      if (got.size === 0) throw refusal('fileEmpty');
      const kind = await decideKind(got, got.path, file.fileName, fields.purpose);
      if (!kind) throw new AppError(415, 415, 'fileFormatRefused', { formats: rule.accept.join(' ') });
      const id = randomUUID();
      const now = new Date();
      const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
      const row = {
        id,
        name: safeName(file.fileName),
        size: got.size,
        sha256: got.sha256,
        contentType: FILE_KIND_TYPES[kind],
        purpose: fields.purpose,
        stationId: fields.stationId ?? null,
        uploadedBy,
        storageKey,
      };
      await this.storage.put(storageKey, {
        path: got.path,
        size: got.size,
        sha256: got.sha256,
        contentType: row.contentType,
      });
      try {
        await insertFile(this.db, row);
      } catch (err) {
        await this.storage.remove(storageKey).catch(() => {});
        throw err;
      }
      return described({ ...row, createdAt: now });
    } finally {
      await rm(got.path, { force: true });
    }
  }

  /** A station's files of one purpose, a page of them (the caller checked the station's scope). */
  async stationFiles(q: Parameters<typeof pageFiles>[1]): Promise<{ rows: FileMeta[]; total: number }> {
    const { rows, total } = await pageFiles(this.db, q);
    return { rows: rows.map(metaOf), total };
  }

  /** The file if the caller may read it: its station in scope, or theirs when it has none; else 404. */
  private async readable(id: string, user: SessionUser): Promise<FileRow> {
    const row = await findFile(this.db, id);
    if (!row) throw notFound('fileNotFound');
    if (row.stationId !== null) {
      await assertStationInScope(this.db, user, row.stationId).catch(() => {
        throw notFound('fileNotFound');
      });
    } else if (row.uploadedBy !== user.userId && !user.isAdmin) {
      throw notFound('fileNotFound');
    }
    return row;
  }

  async meta(id: string, user: SessionUser): Promise<FileMeta> {
    return metaOf(await this.readable(id, user));
  }

  /** The file's bytes for a download, one range of them for a Range header (206), 416 past the end. */
  async download(id: string, user: SessionUser, rangeHeader: string | undefined): Promise<StreamAnswer> {
    return this.answer(await this.readable(id, user), rangeHeader);
  }

  /**
   * A download for a caller the using module authorised itself (a device fetching its firmware
   * through a signed URL): no session, no scope check here.
   */
  async serve(id: string, rangeHeader: string | undefined): Promise<StreamAnswer> {
    const row = await findFile(this.db, id);
    if (!row) throw notFound('fileNotFound');
    return this.answer(row, rangeHeader);
  }

  private async answer(row: FileRow, rangeHeader: string | undefined): Promise<StreamAnswer> {
    const range = parseRange(rangeHeader, row.size);
    const common = {
      'content-type': row.contentType,
      'content-disposition': attachmentDisposition(row.name),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      etag: `"${row.sha256}"`,
    };
    if (range === 'unsatisfiable') {
      throw new AppError(416, 416, 'rangeNotSatisfiable', undefined, null, { 'content-range': `bytes */${row.size}` });
    }
    const stream = await this.storage.open(row.storageKey, range ?? undefined);
    if (!range) return { stream, status: 200, headers: { ...common, 'content-length': String(row.size) } };
    return {
      stream,
      status: 206,
      headers: {
        ...common,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${row.size}`,
      },
    };
  }

  /** Name, size, hash and format of each known id, in the order asked (unknown ids left out). */
  async describeFiles(ids: readonly string[]): Promise<StoredFile[]> {
    const rows = new Map((await findFiles(this.db, ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [described(row)] : [];
    });
  }

  /**
   * Refuses (400) files an owner may not link: more than the purpose allows per owner, an
   * unknown id, another purpose (a picture is also a valid attachment), another station, or a
   * station-less file of someone else.
   */
  async assertFilesUsable(ids: readonly string[], use: FileUse): Promise<void> {
    const unique = [...new Set(ids)];
    const max = FILE_RULES[use.purpose].maxPerOwner;
    if (unique.length > max) throw refusal('fileTooMany', 400, { max });
    const rows = await findFiles(this.db, unique);
    const fits = (r: FileRow) =>
      (r.purpose === use.purpose || (use.purpose === 'attachment' && r.purpose === 'picture')) &&
      (r.stationId === null ? r.uploadedBy === use.userId : r.stationId === use.stationId);
    if (rows.length !== unique.length || !rows.every(fits)) throw refusal('fileNotUsable');
  }

  /** Deletes a file the using module no longer links (its row, then its bytes). */
  async remove(id: string): Promise<void> {
    const key = await deleteFile(this.db, id);
    if (key) await this.storage.remove(key);
  }

  /** A stored file's metadata and bytes, for modules that read files themselves (no scope check). */
  async openFile(id: string): Promise<{ meta: FileMeta; stream: Readable }> {
    const row = await findFile(this.db, id);
    if (!row) throw notFound('fileNotFound');
    return { meta: metaOf(row), stream: await this.storage.open(row.storageKey) };
  }
}

/** The uploaded name without folders or control characters, at most 200 characters. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f')
    .join('')
    .trim();
  return clean.slice(0, 200) || 'file';
}
