import { reviewApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { ReviewService } from './review.service';

export const reviewRoutes =
  (review: ReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, reviewApi.reviewScore, (b, { user }) => review.score(user, b));
    route(app, reviewApi.reviewRanking, (b, { user }) => review.ranking(user, b.from, b.to));
  };
