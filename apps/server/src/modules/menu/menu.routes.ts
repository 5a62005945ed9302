import { exclusiveMenuBody, menuItem } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { MenuService } from './menu.service';

const tags = ['menu'];

export const menuRoutes =
  (menus: MenuService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sys/permission/per/exclusiveMenu',
      {
        schema: {
          tags,
          summary: "The caller's PC menu tree for a station (or for none)",
          body: exclusiveMenuBody,
          response: replies(z.array(menuItem)),
        },
      },
      async (req) => ok(req.lang, await menus.exclusiveMenu(callerOf(req), req.body.stationId, req.lang)),
    );
  };
