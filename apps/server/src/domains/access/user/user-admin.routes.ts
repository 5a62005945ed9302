import { userAdminApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { UserAdminService } from './user-admin.service';

/** User administration (/system/user). */
export const userAdminRoutes =
  (users: UserAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, userAdminApi.userPage, (b, { user, lang }) => users.page(user, b, lang));
    route(app, userAdminApi.userDetail, ({ id }, { user, lang }) => users.detail(user, id, lang));
    route(app, userAdminApi.userOptions, (_, { user, lang }) => users.options(user, lang));
    route(app, userAdminApi.userAdd, (b, { user }) => users.add(user, b));
    route(app, userAdminApi.userUpdate, (b, { user }) => users.update(user, b));
    route(app, userAdminApi.userStatus, ({ id, enabled }, { user }) => users.setEnabled(user, id, enabled));
    route(app, userAdminApi.userResetPwd, ({ id, password }, { user }) => users.resetPassword(user, id, password));
    route(app, userAdminApi.userDelete, ({ id }, { user }) => users.remove(user, id));
  };
