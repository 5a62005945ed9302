import { menuAdminApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { MenuAdminService } from './menu-admin.service';

export const menuAdminRoutes =
  (menus: MenuAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, menuAdminApi.menuTree, (_, { lang }) => menus.tree(lang));
    route(app, menuAdminApi.menuDetail, ({ id }, { lang }) => menus.detail(id, lang));
    route(app, menuAdminApi.menuAdd, (b, { user }) => menus.add(user, b));
    route(app, menuAdminApi.menuUpdate, (b, { user }) => menus.update(user, b));
    route(app, menuAdminApi.menuDelete, ({ id }, { lang }) => menus.delete(id, lang));
  };
