import { emptyBody, stationTree } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { StationService } from './station.service';

const tags = ['station'];

export const stationRoutes =
  (stations: StationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/station',
      {
        schema: {
          tags,
          summary: "The caller's stations as a province → station tree",
          body: emptyBody,
          response: replies(stationTree),
        },
      },
      async (req) => ok(req.lang, await stations.tree(callerOf(req), req.lang)),
    );
  };
