import { orgApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { PostService } from './post.service';

export const postRoutes =
  (posts: PostService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, orgApi.postPage, (q) => posts.page(q));
    route(app, orgApi.postOptions, () => posts.options());
    route(app, orgApi.postAdd, (b) => posts.add(b));
    route(app, orgApi.postUpdate, (b) => posts.update(b));
    route(app, orgApi.postDelete, ({ id }) => posts.remove(id));
  };
