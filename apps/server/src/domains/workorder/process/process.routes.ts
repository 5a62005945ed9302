import { workorderApi as api, WORKORDER_LIMITS } from '@ess/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { route } from '../../../lib/endpoint-route';
import { uploadRoute } from '../../../lib/endpoint-upload';
import { DefinitionService } from './definition.service';
import { TemplateService } from './template.service';

/** Process definitions and order templates: thin handlers over their services. */
export const processRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const definitions = new DefinitionService(db);
    const templates = new TemplateService(db);
    route(app, api.workorderDefinitionPage, (q, { lang }) => definitions.page(q, lang));
    route(app, api.workorderDefinitionDetail, ({ id }, { lang }) => definitions.detail(id, lang));
    // Multipart bodies are parsed in the import's own scope only: the other calls stay JSON.
    await app.register(async (scope) => {
      await scope.register(multipart, { limits: { fileSize: WORKORDER_LIMITS.definitionBytes + 1 } });
      uploadRoute(scope, api.workorderDefinitionImport, (_fields, file, { user }) => definitions.import(user, file), {
        maxBytes: WORKORDER_LIMITS.definitionBytes,
      });
    });
    route(app, api.workorderDefinitionSuspend, ({ id }) => definitions.suspend(id, true));
    route(app, api.workorderDefinitionActivate, ({ id }) => definitions.suspend(id, false));
    route(app, api.workorderDefinitionDelete, ({ id }) => definitions.remove(id));
    route(app, api.workorderTemplatePage, (q, { lang }) => templates.page(q, lang));
    route(app, api.workorderTemplateAdd, (b) => templates.add(b));
    route(app, api.workorderTemplateUpdate, (b, { lang }) => templates.update(b, lang));
    route(app, api.workorderTemplateDelete, ({ id }) => templates.remove(id));
  };
