import type { Readable } from 'node:stream';
import { type Endpoint, type EndpointData, type EndpointParsed, FILE, inputPart, type Lang } from '@ess/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../plugins/auth';
import { attachmentDisposition } from './content-disposition';
import { type ExportFormat, type ExportSheet, sendExport } from './export-file';
import { ok, replies } from './reply';
import type { SessionUser } from './types';

/** A spreadsheet a download call answers with, or bytes of their own type (an image). */
export type FileAnswer = { format: ExportFormat; name: string; sheets: ExportSheet[] } | BytesAnswer | StreamAnswer;
/** A stored file answered as it is (content type decided by the service, never by a client). */
export type BytesAnswer = { bytes: Buffer; contentType: string; fileName?: string };
/** A stored file streamed with the headers and status the service chose (206 for a range). */
export type StreamAnswer = { stream: Readable; status: number; headers: Readonly<Record<string, string>> };

export type EndpointContext<E extends Endpoint> = {
  /** The signed-in caller; null only on a public call without a session. */
  user: E['access'] extends { public: true } ? SessionUser | null : SessionUser;
  lang: Lang;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
};

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointParsed<E>,
  ctx: EndpointContext<E>,
) => Promise<E['response'] extends typeof FILE ? FileAnswer : EndpointData<E>>;

/** Options of the server only, not of the contract (limits that depend on configuration). */
export type RouteOptions = { rateLimit?: { max: number; timeWindow: string }; bodyLimit?: number };

/**
 * Registers one entry of the contract's endpoint table: its path and method, its input schema
 * for validation, its access rules for the session guard, its response schema for
 * serialisation and the OpenAPI document. The handler gets the parsed input and the caller and
 * returns `data` (wrapped in the envelope here) or, for a download, the file's sheets.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const input = inputPart(endpoint);
  const part = input?.part === 'query' ? 'querystring' : input?.part;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(input && part ? { [part]: input.schema } : {}),
      ...(endpoint.response === FILE ? {} : { response: replies(endpoint.response, endpoint.errors) }),
    },
    handler: async (req, reply) => {
      const value = input?.part === 'params' ? req.params : input?.part === 'query' ? req.query : req.body;
      const user = endpoint.access.public ? req.user : callerOf(req);
      const ctx = { user, lang: req.lang, ip: req.ip, req, reply } as EndpointContext<E>;
      // The validator has parsed `value` with the entry's own schema.
      const result = await handler((input ? value : undefined) as EndpointParsed<E>, ctx);
      if (endpoint.response === FILE) {
        const file = result as FileAnswer;
        if ('stream' in file) return reply.status(file.status).headers(file.headers).send(file.stream);
        if ('bytes' in file) {
          if (file.fileName) reply.header('content-disposition', attachmentDisposition(file.fileName));
          return reply.header('content-type', file.contentType).header('cache-control', 'no-store').send(file.bytes);
        }
        return sendExport(reply, file.format, file.name, file.sheets);
      }
      return ok(req.lang, result);
    },
  });
}
