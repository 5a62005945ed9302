import {
  curveResult,
  deviceIdBody,
  pointCurveBody,
  pointData,
  pointInfo,
  queryPointBody,
  queryPointItem,
  queryVirtualPointBody,
  virtualPointRow,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { PointService } from './point.service';
import type { PointCurveService } from './point-curve.service';

const tags = ['point'];

export const pointRoutes =
  (points: PointService, curves: PointCurveService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/point/pointList',
      {
        schema: {
          tags,
          summary: "The device's points: code, name, unit, kind, precision, states",
          body: deviceIdBody,
          response: replies(z.array(pointInfo)),
        },
      },
      async (req) => ok(req.lang, await points.pointList(callerOf(req), req.body.deviceId, req.lang)),
    );

    app.post(
      '/business/point/pointDataShowList',
      {
        schema: {
          tags,
          summary: 'Every point of the device with its newest value',
          body: deviceIdBody,
          response: replies(z.array(pointData)),
        },
      },
      async (req) => ok(req.lang, await points.pointDataShowList(callerOf(req), req.body.deviceId, req.lang)),
    );

    app.post(
      '/business/point/pointCurve',
      {
        schema: {
          tags,
          summary: 'History of up to 50 points: raw samples for short ranges, roll-ups (≤ 1000 buckets) for long',
          body: pointCurveBody,
          response: replies(curveResult),
        },
      },
      async (req) => ok(req.lang, await curves.pointCurve(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/point/queryPoint',
      {
        schema: {
          tags,
          summary: 'Devices and the points of one kind (sensType) for the point-configuration dialogs',
          body: queryPointBody,
          response: replies(z.array(queryPointItem)),
        },
      },
      async (req) => ok(req.lang, await points.queryPoint(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/point/queryVirtualPoint',
      {
        schema: {
          tags,
          summary: "Points of the station's virtual devices with formula and newest value",
          body: queryVirtualPointBody,
          response: replies(z.array(virtualPointRow)),
        },
      },
      async (req) => ok(req.lang, await points.queryVirtualPoint(callerOf(req), req.body, req.lang)),
    );
  };
