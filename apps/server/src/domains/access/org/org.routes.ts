import { orgApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { OrgService } from './org.service';

export const orgRoutes =
  (orgs: OrgService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, orgApi.orgTree, (_, { user, lang }) => orgs.options(user, lang));
    route(app, orgApi.orgList, (_, { user, lang }) => orgs.tree(user, lang));
    route(app, orgApi.orgAdd, (b, { user }) => orgs.add(user, b));
    route(app, orgApi.orgUpdate, (b, { user, lang }) => orgs.update(user, b, lang));
    route(app, orgApi.orgDelete, ({ id }, { user, lang }) => orgs.remove(user, id, lang));
  };
