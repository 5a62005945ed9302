import type { Readable } from 'node:stream';
import { type Endpoint, type EndpointData, FILE, ResultCode, type UploadFields } from '@ess/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callerOf } from '../plugins/auth';
import { AppError, badRequest } from './app-error';
import type { EndpointContext } from './endpoint-route';
import { ok, replies } from './reply';

/** The file part of an upload, still streaming: the handler reads it once. */
export type UploadPart = { fileName: string; stream: Readable };

export type UploadHandler<E extends Endpoint> = (
  fields: UploadFields<E>,
  file: UploadPart,
  ctx: EndpointContext<E>,
) => Promise<EndpointData<E>>;

/** The file part in the OpenAPI document: bytes, whatever their format (the server decides by content). */
const FILE_PART = { type: 'string', format: 'binary', description: 'The file, sent after the text fields' } as const;

type ObjectSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * The OpenAPI operation of an upload entry: as `route`'s, plus the request body the route
 * itself does not validate (it reads the parts by hand), `multipart/form-data` with the
 * entry's text fields and the binary part `file`, so a generated client can send it.
 */
export const uploadOpenApi =
  (endpoint: Endpoint & { upload: z.ZodType }): SwaggerTransform =>
  (document) => {
    const out = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: endpoint.upload } });
    const fields: ObjectSchema = (out.schema as { body?: ObjectSchema }).body ?? {};
    const body = {
      ...fields,
      type: 'object',
      properties: { ...fields.properties, file: FILE_PART },
      required: [...(fields.required ?? []), 'file'],
    };
    return { ...out, schema: { ...out.schema, body } };
  };

/** Limits of the form around the file: a few short text fields, one file. */
const FORM_LIMITS = { fields: 10, fieldSize: 1024, files: 1, parts: 12, fieldNameSize: 64 };

/**
 * Registers an upload entry of the endpoint table (`upload`: the schema of its text fields):
 * the same path, access rules and OpenAPI operation as `route`, but the body is
 * multipart/form-data read as a stream. The fields before the file are validated by the
 * entry's schema (400 naming the field), then the handler gets the file part unread, so it
 * checks size and content while the bytes arrive and nothing is held whole in memory.
 * `@fastify/multipart` must be registered in the same scope; `maxBytes` caps the file part.
 * The OpenAPI document describes the form (`uploadOpenApi`).
 */
export function uploadRoute<E extends Endpoint & { upload: z.ZodType }>(
  app: FastifyInstance,
  endpoint: E,
  handler: UploadHandler<E>,
  options: { maxBytes: number },
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint, swaggerTransform: uploadOpenApi(endpoint) },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      consumes: ['multipart/form-data'],
      ...(endpoint.response === FILE ? {} : { response: replies(endpoint.response, endpoint.errors) }),
    },
    handler: async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(415, 415, 'unsupportedMediaType');
      // Read by hand, never left early: leaving a for-await would end the parts before the file is read.
      const parts = req.parts({ limits: { ...FORM_LIMITS, fileSize: options.maxBytes + 1 } });
      const fields: Record<string, unknown> = {};
      let file: MultipartFile | undefined;
      for (;;) {
        const next = await parts.next();
        if (next.done) break;
        if (next.value.type === 'file') {
          file = next.value;
          break;
        }
        fields[next.value.fieldname] = next.value.value;
      }
      const parsed = endpoint.upload.safeParse(fields);
      if (!parsed.success) {
        file?.file.resume();
        throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
      }
      if (file?.fieldname !== 'file') {
        file?.file.resume();
        throw new AppError(400, ResultCode.BAD_REQUEST, 'fileMissing');
      }
      const ctx = { user: callerOf(req), lang: req.lang, ip: req.ip, req, reply } as EndpointContext<E>;
      const stream = file.file;
      try {
        const data = await handler(parsed.data as UploadFields<E>, { fileName: file.filename, stream }, ctx);
        return ok(req.lang, data);
      } catch (err) {
        // The rest of a refused body is not read: the connection closes after the answer.
        if (!stream.readableEnded) reply.header('connection', 'close');
        throw err;
      }
    },
  });
}
