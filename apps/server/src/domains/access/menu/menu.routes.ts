import { shellApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { MenuService } from './menu.service';

export const menuRoutes =
  (menus: MenuService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, shellApi.exclusiveMenu, ({ stationId }, { user, lang }) => menus.exclusiveMenu(user, stationId, lang));
  };
