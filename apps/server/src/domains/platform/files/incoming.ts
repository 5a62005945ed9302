import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ResultCode } from '@ess/contract';
import { AppError } from '../../../lib/app-error';
import type { ContentSample } from './file-kind';

/** Bytes of the head kept for the format decision (magic bytes, the start of a text). */
const HEAD_BYTES = 64 * 1024;

export type Received = ContentSample & { path: string; size: number; sha256: string };

const sizeText = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Streams an upload into the incoming folder while counting, hashing and sampling it: over
 * `maxBytes` the stream stops at once (413, the partial file removed), so a file is never held
 * whole in memory nor written past its cap.
 */
export async function receive(stream: Readable, incomingDir: string, maxBytes: number): Promise<Received> {
  await mkdir(incomingDir, { recursive: true });
  const file = path.join(incomingDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let text = true;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, 'fileTooLarge', { max: sizeText(maxBytes) }));
        return;
      }
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      if (text) text = isText(decoder, chunk, false);
      done(null, chunk);
    },
    flush(done) {
      if (text) text = isText(decoder, Buffer.alloc(0), true);
      done();
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(file));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  // Busboy cuts a part at its own limit without an error: a truncated file is too large too.
  if ((stream as Readable & { truncated?: boolean }).truncated) {
    await rm(file, { force: true });
    throw new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, 'fileTooLarge', { max: sizeText(maxBytes) });
  }
  return { path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(head), text };
}

/** UTF-8 without NUL bytes so far (a stream decoder carries characters split across chunks). */
function isText(decoder: TextDecoder, chunk: Buffer, end: boolean): boolean {
  if (chunk.includes(0)) return false;
  try {
    decoder.decode(chunk, { stream: !end });
    return true;
  } catch {
    return false;
  }
}
