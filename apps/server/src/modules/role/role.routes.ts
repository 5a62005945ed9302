import { roleApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route';
import type { RoleService } from './role.service';

/** Roles with menu authorisation and data scope (/system/role). */
export const roleRoutes =
  (roles: RoleService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, roleApi.rolePage, (b, { user }) => roles.page(user, b));
    route(app, roleApi.roleDetail, ({ id }, { user }) => roles.detail(user, id));
    route(app, roleApi.roleOptions, (_, { user, lang }) => roles.options(user, lang));
    route(app, roleApi.roleAdd, (b, { user }) => roles.add(user, b));
    route(app, roleApi.roleUpdate, (b, { user }) => roles.update(user, b));
    route(app, roleApi.roleStatus, ({ id, enabled }, { user }) => roles.setEnabled(user, id, enabled));
    route(app, roleApi.roleDelete, ({ id }, { user }) => roles.remove(user, id));
  };
