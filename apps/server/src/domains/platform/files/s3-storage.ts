import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError, notFound } from '../../../lib/app-error';
import type { ByteRange, FileStorage, IncomingFile } from './file-storage';
import { EMPTY_SHA256, type SigV4Credentials, signRequest } from './sigv4';

export type S3Config = SigV4Credentials & { endpoint: string; bucket: string };

const unavailable = () => new AppError(503, 503, 'fileStoreUnavailable');

/**
 * Objects in an S3-compatible bucket (MinIO, Ceph, AWS), path-style (`endpoint/bucket/key`),
 * every request signed with SigV4. Uploads stream from the incoming file with the SHA-256
 * computed while it arrived, so the store checks the bytes it receives.
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly config: S3Config,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private url(key: string): URL {
    const base = this.config.endpoint.replace(/\/+$/, '');
    return new URL(`${base}/${encodeURIComponent(this.config.bucket)}/${key}`);
  }

  private async send(
    method: string,
    key: string,
    headers: Record<string, string>,
    payloadHash: string,
    body?: Readable,
  ) {
    const url = this.url(key);
    const signed = signRequest(this.config, { method, url, headers, payloadHash, now: this.now() });
    // `host` is set by fetch itself from the URL (the same value that was signed).
    const { host: _host, ...sent } = signed;
    try {
      return await fetch(url, {
        method,
        headers: sent,
        ...(body ? { body: Readable.toWeb(body) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
    } catch {
      throw unavailable();
    }
  }

  async put(key: string, file: IncomingFile): Promise<void> {
    const res = await this.send(
      'PUT',
      key,
      { 'content-length': String(file.size), 'content-type': file.contentType },
      file.sha256,
      createReadStream(file.path),
    );
    await res.arrayBuffer();
    if (!res.ok) throw unavailable();
    await rm(file.path, { force: true });
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const res = await this.send('GET', key, headers, EMPTY_SHA256);
    if (res.status === 404) throw notFound('fileNotFound');
    if (!res.ok || !res.body) throw unavailable();
    return Readable.fromWeb(res.body as WebReadableStream);
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key, {}, EMPTY_SHA256);
    await res.arrayBuffer();
    if (!res.ok && res.status !== 404) throw unavailable();
  }
}
