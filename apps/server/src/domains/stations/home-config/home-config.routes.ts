import { homeConfigApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { HomeConfigService } from './home-config.service';

/** Spec 7 home configuration: read (path id = station id) and save, per user and station; station defaults. */
export const homeConfigRoutes =
  (configs: HomeConfigService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, homeConfigApi.homeConfigSave, (body, { user }) => configs.save(user, body));
    route(app, homeConfigApi.homeConfig, ({ id }, { user }) => configs.get(user, id));
    route(app, homeConfigApi.homeDefault, ({ stationId }, { user }) => configs.getDefault(user, stationId));
    route(app, homeConfigApi.homeDefaultSave, (body, { user }) => configs.saveDefault(user, body));
    route(app, homeConfigApi.homeDefaultResetUsers, ({ stationId }, { user }) => configs.resetUsers(user, stationId));
  };
