import { z } from 'zod';

/** Base64 length of a file of `bytes` bytes. */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/**
 * A small file carried in a JSON body as base64, at most `maxBytes` before encoding; what the
 * bytes are is the server's check. Large files and attachments go through the file store's
 * streamed upload instead.
 */
export const base64File = (maxBytes: number) =>
  z
    .string()
    .max(base64Length(maxBytes))
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');
