import { roleApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { RoleService } from './role.service';

/** Roles with menu authorisation and data scope (/system/role). */
export const roleRoutes =
  (roles: RoleService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, roleApi.rolePage, (b, { user, lang }) => roles.page(user, b, lang));
    route(app, roleApi.roleDetail, ({ id }, { user, lang }) => roles.detail(user, id, lang));
    route(app, roleApi.roleOptions, (_, { user, lang }) => roles.options(user, lang));
    route(app, roleApi.roleAdd, (b, { user }) => roles.add(user, b));
    route(app, roleApi.roleUpdate, (b, { user, lang }) => roles.update(user, b, lang));
    route(app, roleApi.roleStatus, ({ id, enabled }, { user }) => roles.setEnabled(user, id, enabled));
    route(app, roleApi.roleDelete, ({ id }, { user }) => roles.remove(user, id));
  };
