import { orgApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route';
import type { OrgService } from './org.service';

export const orgRoutes =
  (orgs: OrgService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, orgApi.orgTree, (_, { user }) => orgs.options(user));
    route(app, orgApi.orgList, (_, { user }) => orgs.tree(user));
    route(app, orgApi.orgAdd, (b, { user }) => orgs.add(user, b));
    route(app, orgApi.orgUpdate, (b, { user }) => orgs.update(user, b));
    route(app, orgApi.orgDelete, ({ id }, { user, lang }) => orgs.remove(user, id, lang));
  };
