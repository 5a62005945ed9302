import type { Readable } from 'node:stream';

/** A finished upload waiting in the incoming folder, hashed and checked. */
export type IncomingFile = { path: string; size: number; sha256: string; contentType: string };

/** Bytes [start, end] of a stored object, both inclusive (HTTP Range's numbering). */
export type ByteRange = { start: number; end: number };

/**
 * Where the bytes of stored files live. The metadata (sys_file) is the database's; a backend
 * only keeps objects by key. Local directory by default, an S3-compatible bucket by
 * configuration (FILE_STORE).
 */
export interface FileStorage {
  /** Takes the incoming file over under `key` (the incoming file is gone afterwards). */
  put(key: string, file: IncomingFile): Promise<void>;
  /** The object's bytes, or the range of them. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes the object; one already gone is no error. */
  remove(key: string): Promise<void>;
}
