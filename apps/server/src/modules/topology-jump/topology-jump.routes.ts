import { configApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route';
import type { TopologyJumpService } from './topology-jump.service';

export const topologyJumpRoutes =
  (jumps: TopologyJumpService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, configApi.topologyJumpList, ({ stationId }) => jumps.list(stationId));
    route(app, configApi.topologyJumpAdd, (b) => jumps.save(b));
  };
