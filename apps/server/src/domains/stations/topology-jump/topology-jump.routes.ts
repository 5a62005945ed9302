import { configApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { TopologyJumpService } from './topology-jump.service';

export const topologyJumpRoutes =
  (jumps: TopologyJumpService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, configApi.topologyJumpList, ({ stationId }, { lang }) => jumps.list(stationId, lang));
    route(app, configApi.topologyJumpAdd, (b, { lang }) => jumps.save(b, lang));
  };
