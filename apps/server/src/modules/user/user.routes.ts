import { userInfo } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { UserService } from './user.service';

const tags = ['session'];

export const userRoutes =
  (users: UserService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/user/get',
      { schema: { tags, summary: 'The signed-in user: identity, roles, permissions', response: replies(userInfo) } },
      async (req) => ok(req.lang, await users.info(callerOf(req))),
    );
  };
