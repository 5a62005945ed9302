import { sessionApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { UserService } from './user.service';

export const userRoutes =
  (users: UserService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, sessionApi.userInfo, (_, { user, lang }) => users.info(user, lang));
  };
