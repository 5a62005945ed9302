import { pointApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { PointService } from './point.service';
import type { PointCurveService } from './point-curve.service';

export const pointRoutes =
  (points: PointService, curves: PointCurveService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, pointApi.pointList, ({ deviceId }, { user, lang }) => points.pointList(user, deviceId, lang));
    route(app, pointApi.pointDataShowList, ({ deviceId }, { user, lang }) =>
      points.pointDataShowList(user, deviceId, lang),
    );
    route(app, pointApi.pointCurve, (body, { user, lang }) => curves.pointCurve(user, body, lang));
    route(app, pointApi.queryPoint, (body, { user, lang }) => points.queryPoint(user, body, lang));
    route(app, pointApi.queryVirtualPoint, (body, { user, lang }) => points.queryVirtualPoint(user, body, lang));
  };
