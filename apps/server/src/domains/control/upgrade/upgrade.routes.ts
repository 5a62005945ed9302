import { FIRMWARE_MAX_BYTES, upgradeApi } from '@ess/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import { uploadRoute } from '../../../lib/endpoint-upload';
import type { FirmwareFetch } from './firmware-fetch';
import type { PackageService } from './package.service';
import type { TaskService } from './task.service';

export const upgradeRoutes =
  (o: { packages: PackageService; tasks: TaskService; fetch: FirmwareFetch }): FastifyPluginAsyncZod =>
  async (app) => {
    const { packages, tasks, fetch } = o;
    // Multipart bodies are parsed in this module's scope only (streamed, never buffered whole).
    await app.register(multipart, { limits: { fileSize: FIRMWARE_MAX_BYTES + 1 } });
    uploadRoute(app, upgradeApi.upgradePackageAdd, (fields, file, { user }) => packages.add(fields, file, user), {
      maxBytes: FIRMWARE_MAX_BYTES,
    });
    route(app, upgradeApi.upgradePackagePage, (body) => packages.page(body));
    route(app, upgradeApi.upgradePackageDelete, ({ id }) => packages.remove(id));
    route(app, upgradeApi.upgradeModels, (_body, { user, lang }) => tasks.models(user, lang));
    route(app, upgradeApi.upgradeTargets, (body, { user }) => tasks.targets(body, user));
    route(app, upgradeApi.upgradeTaskAdd, (body, { user, ip }) => tasks.add(body, user, { ip }));
    route(app, upgradeApi.upgradeTaskPage, (body, { user }) => tasks.page(body, user));
    route(app, upgradeApi.upgradeTask, ({ id }, { user, lang }) => tasks.get(id, user, lang));
    route(app, upgradeApi.upgradeTaskPause, ({ id }, { user, lang }) => tasks.move('pause', id, user, lang));
    route(app, upgradeApi.upgradeTaskResume, ({ id }, { user, lang }) => tasks.move('resume', id, user, lang));
    route(app, upgradeApi.upgradeTaskCancel, ({ id }, { user, lang }) => tasks.move('cancel', id, user, lang));
    route(app, upgradeApi.upgradeFetch, ({ token }, { req }) => fetch.open(token, req.headers.range));
  };
