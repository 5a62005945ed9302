import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/harness';

/** A PNG signature and a few bytes: the smallest "picture" the format check accepts. */
export const pngBytes = (extra = 64): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(extra, 7)]);

/** A multipart/form-data body of text fields followed by one file part (named `file` unless told). */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; data: Buffer; part?: string; type?: string } | null,
) {
  const boundary = `----ess${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.part ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/files/upload as the holder of `token`. */
export function upload(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer; part?: string } | null,
  lang = 'en_US',
) {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: body.payload,
    headers: { ...bearer(token, lang), 'content-type': body.contentType },
  });
}
