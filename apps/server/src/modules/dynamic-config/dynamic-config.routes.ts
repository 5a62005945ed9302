import {
  addCurveListBody,
  addPointListBody,
  curveConfigRow,
  pageConfigKey,
  pointConfigData,
  pointConfigRow,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { DynamicConfigService } from './dynamic-config.service';

const tags = ['page configuration'];
const base = '/business/dynamicConfig';
// A page's configuration is shared by everyone who opens it: read-only accounts may not change it.
const writes = { access: { mutates: true, refuseDemo: true } };

/** Point and curve configuration of page blocks (spec 5 and 7 `dynamicConfig`). */
export const dynamicConfigRoutes =
  (config: DynamicConfigService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${base}/addCurveList`,
      {
        config: writes,
        schema: {
          tags,
          summary: 'Replace the curve rows of a page block, in the order given',
          body: addCurveListBody,
          response: replies(z.array(curveConfigRow)),
        },
      },
      async (req) => ok(req.lang, await config.saveCurves(callerOf(req), req.body, req.lang)),
    );

    app.post(
      `${base}/queryCurveConfig`,
      {
        schema: {
          tags,
          summary: 'The curve rows of a page block',
          body: pageConfigKey,
          response: replies(z.array(curveConfigRow)),
        },
      },
      async (req) => ok(req.lang, await config.curves(callerOf(req), req.body, req.lang)),
    );

    app.post(
      `${base}/addPointList`,
      {
        config: writes,
        schema: {
          tags,
          summary: 'Replace the point rows of a page block, in the order given',
          body: addPointListBody,
          response: replies(z.array(pointConfigRow)),
        },
      },
      async (req) => ok(req.lang, await config.savePoints(callerOf(req), req.body, req.lang)),
    );

    app.post(
      `${base}/pointList`,
      {
        schema: {
          tags,
          summary: 'The point rows of a page block',
          body: pageConfigKey,
          response: replies(z.array(pointConfigRow)),
        },
      },
      async (req) => ok(req.lang, await config.points(callerOf(req), req.body, req.lang)),
    );

    app.post(
      `${base}/pointListData`,
      {
        schema: {
          tags,
          summary: 'The point rows of a page block with their newest values',
          body: pageConfigKey,
          response: replies(z.array(pointConfigData)),
        },
      },
      async (req) => ok(req.lang, await config.pointData(callerOf(req), req.body, req.lang)),
    );
  };
