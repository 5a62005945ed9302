import { reviewApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessWarning } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import type { ReviewService } from './review.service';
import { reviewFileName, reviewSheets } from './review-sheets';

export const reviewRoutes =
  (review: ReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, reviewApi.reviewScore, (b, { user }) => review.score(user, b));
    route(app, reviewApi.reviewRanking, (b, { user }) => review.ranking(user, b.from, b.to));
    route(app, reviewApi.reviewExport, async ({ format, ...range }, { user, lang }) => {
      const { rows } = await review.ranking(user, range.from, range.to);
      if (rows.every((r) => r.total === null)) throw businessWarning('exportNoData');
      return { format, name: reviewFileName(range.from, range.to), sheets: reviewSheets(rows, range, lang) };
    });
  };
