import { virtualApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { VirtualService } from './virtual.service';

export const virtualRoutes =
  (virtual: VirtualService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, virtualApi.virtualAdd, (body, { user, lang }) => virtual.add(user, body, lang));
    route(app, virtualApi.virtualUpdate, (body, { user, lang }) => virtual.update(user, body, lang));
    route(app, virtualApi.virtualDelete, ({ id }, { user }) => virtual.remove(user, id));
    route(app, virtualApi.virtualPage, (body, { user, lang }) => virtual.page(user, body, lang));
    route(app, virtualApi.virtualList, ({ stationId }, { user, lang }) => virtual.list(user, stationId, lang));
  };
