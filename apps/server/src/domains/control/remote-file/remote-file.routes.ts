import type { Readable } from 'node:stream';
import { FILE_RULES, remoteFileApi } from '@ess/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import { uploadRoute } from '../../../lib/endpoint-upload';
import type { RemoteFileService } from './remote-file.service';

const MAX_BYTES = FILE_RULES.remoteFile.maxBytes;

export const remoteFileRoutes =
  (files: RemoteFileService): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart bodies (users) and raw bodies (devices) are read as streams in this scope only.
    await app.register(multipart, { limits: { fileSize: MAX_BYTES + 1 } });
    app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    uploadRoute(
      app,
      remoteFileApi.remoteFileUpload,
      ({ stationId }, file, { user }) => files.upload(stationId, file, user),
      {
        maxBytes: MAX_BYTES,
      },
    );
    route(app, remoteFileApi.remoteFilePage, (body) => files.page(body));
    route(app, remoteFileApi.remoteFileDelete, ({ id }, { user }) => files.remove(id, user));
    route(app, remoteFileApi.remoteFilePush, (body, { user, lang }) => files.push(body, user, lang));
    route(app, remoteFileApi.remoteFilePull, (body, { user, lang }) => files.pull(body, user, lang));
    route(app, remoteFileApi.remoteTransferPage, (body, { lang }) => files.transfers(body, lang));
    route(app, remoteFileApi.remoteFileFetch, ({ token }, { req }) => files.fetch(token, req.headers.range));
    route(app, remoteFileApi.remoteFileReceive, ({ token }, { req, reply }) => {
      const body = req.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function') throw new AppError(415, 415, 'unsupportedMediaType');
      return files.receive(token, body).catch((err: unknown) => {
        // The rest of a refused body is not read: the connection closes after the answer.
        if (!body.readableEnded) reply.header('connection', 'close');
        throw err;
      });
    });
  };
