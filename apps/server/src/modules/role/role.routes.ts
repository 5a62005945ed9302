import { roleApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route';
import type { RoleService } from './role.service';

/** Roles with menu authorisation and data scope (/system/role). */
export const roleRoutes =
  (roles: RoleService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, roleApi.rolePage, (b) => roles.page(b));
    route(app, roleApi.roleDetail, ({ id }) => roles.detail(id));
    route(app, roleApi.roleOptions, (_, { lang }) => roles.options(lang));
    route(app, roleApi.roleAdd, (b) => roles.add(b));
    route(app, roleApi.roleUpdate, (b) => roles.update(b));
    route(app, roleApi.roleStatus, ({ id, enabled }) => roles.setEnabled(id, enabled));
    route(app, roleApi.roleDelete, ({ id }) => roles.remove(id));
  };
