import { configApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { OffsetService } from './offset.service';

export const offsetRoutes =
  (offsets: OffsetService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, configApi.offsetPage, (b, { user, lang }) => offsets.page(user, b, lang));
    route(app, configApi.offsetSave, (b, { user }) => offsets.save(user, b));
  };
