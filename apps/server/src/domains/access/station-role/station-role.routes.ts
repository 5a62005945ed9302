import { stationRoleApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { StationRoleService } from './station-role.service';

/** A user's role at one station (/system/station-role). */
export const stationRoleRoutes =
  (stationRoles: StationRoleService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, stationRoleApi.stationRolePage, (b, { user, lang }) => stationRoles.page(user, b, lang));
    route(app, stationRoleApi.stationRoleOptions, (_, { user, lang }) => stationRoles.options(user, lang));
    route(app, stationRoleApi.stationRoleAdd, (b, { user, lang }) => stationRoles.add(user, b, lang));
    route(app, stationRoleApi.stationRoleUpdate, (b, { user }) => stationRoles.update(user, b));
    route(app, stationRoleApi.stationRoleDelete, ({ id }, { user }) => stationRoles.remove(user, id));
  };
