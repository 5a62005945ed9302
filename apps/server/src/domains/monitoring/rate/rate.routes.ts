import { rateApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { RateService } from './rate.service';
import type { StationPriceService } from './station-prices.service';

/** Rate templates (/system/rate), the stations using them and their prices per station (price configuration). */
export const rateRoutes =
  (rates: RateService, prices: StationPriceService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, rateApi.ratePage, (b, { user, lang }) => rates.page(user, b, lang));
    route(app, rateApi.rateDetail, ({ id }, { user, lang }) => rates.detail(user, id, lang));
    route(app, rateApi.rateAdd, (b) => rates.add(b));
    route(app, rateApi.rateUpdate, (b, { lang }) => rates.update(b, lang));
    route(app, rateApi.rateEnable, ({ id, enabled }) => rates.setEnabled(id, enabled));
    route(app, rateApi.rateDelete, ({ id }) => rates.remove(id));
    route(app, rateApi.rateStationTemplates, ({ stationId }, { user, lang }) =>
      rates.stationTemplates(user, stationId, lang),
    );
    route(app, rateApi.rateStationSave, (b, { user }) => rates.saveStation(user, b));
    route(app, rateApi.rateStationVersion, (b, { user }) => prices.addVersion(user, b));
    route(app, rateApi.rateStationProxy, (b, { user }) => prices.followProxy(user, b));
    route(app, rateApi.rateStationUnassign, (b, { user }) => prices.unassign(user, b));
    route(app, rateApi.rateRepricePreview, (b, { user }) => rates.previewReprice(user, b));
    route(app, rateApi.rateReprice, (b, { user }) => rates.applyReprice(user, b));
  };
