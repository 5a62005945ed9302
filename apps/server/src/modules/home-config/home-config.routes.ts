import { homeConfigApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route';
import type { HomeConfigService } from './home-config.service';

/** Spec 7 home configuration: read (path id = station id) and save, per user and station. */
export const homeConfigRoutes =
  (configs: HomeConfigService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, homeConfigApi.homeConfigSave, (body, { user }) => configs.save(user, body));
    route(app, homeConfigApi.homeConfig, ({ id }, { user }) => configs.get(user, id));
  };
