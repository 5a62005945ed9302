import { shellApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route';
import type { DictService } from './dict.service';

export const dictRoutes =
  (dicts: DictService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, shellApi.dictTypeAll, (_, { lang }) => dicts.typeAll(lang));
  };
