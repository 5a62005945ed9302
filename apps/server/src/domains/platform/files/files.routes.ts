import { FILE_MAX_BYTES, filesApi } from '@ess/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import { uploadRoute } from '../../../lib/endpoint-upload';
import type { FileService } from './files.service';

export const filesRoutes =
  (files: FileService): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart bodies are parsed in this module's scope only (streamed, never buffered whole).
    await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1 } });
    uploadRoute(app, filesApi.fileUpload, (fields, file, { user }) => files.upload(fields, file, user), {
      maxBytes: FILE_MAX_BYTES,
    });
    route(app, filesApi.fileMeta, ({ id }, { user }) => files.meta(id, user));
    route(app, filesApi.fileDownload, ({ id }, { user, req }) => files.download(id, user, req.headers.range));
  };
