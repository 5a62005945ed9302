import { ResultCode } from '@ess/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translate } from '../i18n/messages';
import { AppError } from '../lib/app-error';
import { loggableError } from '../lib/loggable-error';
import { UNSAFE_TEXT_ISSUE } from '../lib/text-safe-validator';
import { loggedUrl } from './request-id';

/**
 * One error handler turns every failure into the envelope and never leaks a stack trace.
 * With `spa`, an unknown GET outside /api answers the web app's index.html, whose router shows
 * its own pages (and its /404); unknown API paths and missing assets get the 404 envelope.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: boolean } = { spa: false }): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? 'zh_CN';
    // Drizzle wraps what the driver throws (the embedded database's 503 DATABASE_BUSY) in its own error.
    const app = err instanceof AppError ? err : err.cause instanceof AppError ? err.cause : null;
    if (app) {
      return reply
        .status(app.status)
        .headers(app.headers)
        .send({ code: app.code, msg: translate(lang, app.key, app.params), data: app.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const detail = err.validation
        .map((v) => {
          const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
          return `${field}: ${v.message === UNSAFE_TEXT_ISSUE ? translate(lang, 'unsafeText') : v.message}`;
        })
        .join('; ');
      return reply
        .status(400)
        .send({ code: ResultCode.BAD_REQUEST, msg: translate(lang, 'badRequest', { detail }), data: null });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause, url: loggedUrl(req.url) }, 'response failed its schema');
      return reply.status(500).send({ code: ResultCode.SERVER_ERROR, msg: translate(lang, 'serverError'), data: null });
    }
    const status = err.statusCode ?? 500;
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && err instanceof SyntaxError)
    ) {
      return reply.status(400).send({ code: ResultCode.BAD_REQUEST, msg: translate(lang, 'badJson'), data: null });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply
        .status(413)
        .send({ code: ResultCode.PAYLOAD_TOO_LARGE, msg: translate(lang, 'tooLarge'), data: null });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send({ code: 415, msg: translate(lang, 'unsupportedMediaType'), data: null });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: ResultCode.RATE_LIMITED, msg: translate(lang, 'rateLimited', { seconds: 60 }), data: null });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: status, msg: translate(lang, 'badRequest', { detail: err.message }), data: null });
    }
    req.log.error({ err: loggableError(err), url: loggedUrl(req.url) }, 'unhandled error');
    return reply.status(500).send({ code: ResultCode.SERVER_ERROR, msg: translate(lang, 'serverError'), data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split('?')[0] ?? '';
    if (opts.spa && req.method === 'GET' && !pathOnly.startsWith('/api') && !pathOnly.startsWith('/assets/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      code: ResultCode.NOT_FOUND,
      msg: translate(req.lang ?? 'zh_CN', 'routeNotFound', { path: req.url.split('?')[0] ?? '' }),
      data: null,
    });
  });
}
