import { dictType, emptyBody } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import type { DictService } from './dict.service';

const tags = ['dictionary'];

export const dictRoutes =
  (dicts: DictService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sys/dict/typeAll',
      {
        schema: {
          tags,
          summary: 'Every dictionary type with its items, labels in the request language',
          body: emptyBody,
          response: replies(z.array(dictType)),
        },
      },
      async (req) => ok(req.lang, await dicts.typeAll(req.lang)),
    );
  };
