import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Env } from '../env';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy or client may choose: short, and nothing a log line could be forged with. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's `x-request-id` when it is a sane token, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Query parameters that sign in once (large-screen token, visualisation code): never logged. */
const ONE_TIME_PARAMS = ['token', 'code', 'bigToken'];

/** A request's path and query as logged: one-time sign-in values replaced by `[redacted]`. */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = new URLSearchParams(url.slice(q + 1));
  const secret = ONE_TIME_PARAMS.filter((name) => query.has(name));
  if (secret.length === 0) return url;
  for (const name of secret) query.set(name, '[redacted]');
  return `${url.slice(0, q)}?${query.toString()}`;
}

/** Fastify's `req` log serializer, with the address through `loggedUrl`. */
export function requestForLog(req: FastifyRequest) {
  const version = req.headers['accept-version'];
  return {
    method: req.method,
    url: loggedUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Fastify's per-request lines (arrival, completion, unknown route) at debug instead of info: at
 * the default level they cost no write. A request that failed while answering stays an error.
 */
class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: loggedUrl(request.url) }, 'route not found');
  }
}

/**
 * Fastify options for request ids and request logs. Every log line of a request carries its id
 * (`reqId`). Fastify's request lines are at info only with LOG_REQUESTS=on (two writes per call).
 */
export function requestLogOptions(env: Pick<Env, 'LOG_REQUESTS'>) {
  return {
    genReqId: requestIdOf,
    requestIdHeader: false as const,
    ...(env.LOG_REQUESTS === 'on' ? {} : { logController: new DebugRequestLog() }),
  };
}

/** Answers every request's id in `x-request-id` (also on errors: the header is set first). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
