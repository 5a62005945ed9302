import { shellApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { StationService } from './station.service';

export const stationRoutes =
  (stations: StationService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, shellApi.stationTree, (_, { user, lang }) => stations.tree(user, lang));
  };
