import { pageConfigApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { DynamicConfigService } from './dynamic-config.service';

/** Point and curve configuration of page blocks (spec 5 and 7 `dynamicConfig`). */
export const dynamicConfigRoutes =
  (config: DynamicConfigService): FastifyPluginAsyncZod =>
  async (app) => {
    const api = pageConfigApi;
    route(app, api.addCurveList, (body, { user, lang }) => config.saveCurves(user, body, lang));
    route(app, api.queryCurveConfig, (body, { user, lang }) => config.curves(user, body, lang));
    route(app, api.addPointList, (body, { user, lang }) => config.savePoints(user, body, lang));
    route(app, api.pointConfigList, (body, { user, lang }) => config.points(user, body, lang));
    route(app, api.pointConfigData, (body, { user, lang }) => config.pointData(user, body, lang));
  };
