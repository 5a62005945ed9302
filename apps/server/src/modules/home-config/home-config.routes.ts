import { homeConfig, homeConfigBody, rowId } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { HomeConfigService } from './home-config.service';

const tags = ['home config'];
const base = '/business/homeConfig';

/** Spec 7 home configuration: read (path id = station id) and save, per user and station. */
export const homeConfigRoutes =
  (configs: HomeConfigService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${base}/add`,
      {
        config: { access: { perms: ['surveillance:home:config'], mutates: true } },
        schema: {
          tags,
          summary: "Save the caller's home-page blocks (order and visibility) for a station",
          body: homeConfigBody,
          response: replies(homeConfig),
        },
      },
      async (req) => ok(req.lang, await configs.save(callerOf(req), req.body)),
    );

    app.post(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: "The caller's home-page blocks for station {id}, or the defaults",
          params: z.object({ id: rowId }),
          response: replies(homeConfig),
        },
      },
      async (req) => ok(req.lang, await configs.get(callerOf(req), req.params.id)),
    );
  };
