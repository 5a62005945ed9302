import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { notFound } from '../../../lib/app-error';
import type { ByteRange, FileStorage, IncomingFile } from './file-storage';

/**
 * Objects as files under one directory (DATA_DIR/files): a key `2026/12/<uuid>` is that path.
 * The incoming folder sits in the same directory tree, so taking a file over is a rename.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are made by the service (date and uuid); refuse anything else rather than trust it.
    if (!/^[0-9]{4}\/[0-9]{2}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, file: IncomingFile): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.path, target);
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // A stream of a missing file fails only when read, after the answer's headers went out.
    await stat(file).catch(() => {
      throw notFound('fileNotFound');
    });
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
