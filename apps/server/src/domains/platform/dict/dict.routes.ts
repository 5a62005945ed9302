import { dictApi, shellApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { DictService } from './dict.service';
import type { DictAdminService } from './dict-admin.service';

export const dictRoutes =
  (dicts: DictService, admin: DictAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, shellApi.dictTypeAll, (_, { lang }) => dicts.typeAll(lang));
    route(app, dictApi.dictTypePage, (b, { lang }) => admin.typePage(b, lang));
    route(app, dictApi.dictTypeAdd, (b) => admin.typeAdd(b));
    route(app, dictApi.dictTypeUpdate, (b, { lang }) => admin.typeUpdate(b, lang));
    route(app, dictApi.dictTypeDelete, ({ id, withItems }) => admin.typeDelete(id, withItems));
    route(app, dictApi.dictItemPage, (b, { lang }) => admin.itemPage(b, lang));
    route(app, dictApi.dictItemAdd, (b) => admin.itemAdd(b));
    route(app, dictApi.dictItemUpdate, (b) => admin.itemUpdate(b));
    route(app, dictApi.dictItemDelete, ({ id }) => admin.itemDelete(id));
  };
