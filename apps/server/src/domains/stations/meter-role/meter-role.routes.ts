import { meterRoleApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { MeterRoleService } from './meter-role.service';

export const meterRoleRoutes =
  (meters: MeterRoleService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, meterRoleApi.meterConfig, ({ stationId }, { user, lang }) => meters.query(user, stationId, lang));
    route(app, meterRoleApi.meterConfigAdd, (body, { user, lang }) => meters.add(user, body, lang));
    route(app, meterRoleApi.meterConfigUpdate, (body, { user, lang }) => meters.update(user, body, lang));
    route(app, meterRoleApi.meterConnectionUpdate, (body, { user, lang }) => meters.setConnection(user, body, lang));
  };
