import { proxyApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { ProxyPriceService } from './proxy-price.service';
import type { ProxyRegionService } from './proxy-region.service';

/** Proxy purchase price regions and their monthly prices. */
export const proxyRoutes =
  (regions: ProxyRegionService, prices: ProxyPriceService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, proxyApi.proxyRegionPage, (b, { user, lang }) => regions.page(user, b, lang));
    route(app, proxyApi.proxyRegionExport, (b, { user, lang }) => regions.export(user, b, lang));
    route(app, proxyApi.proxyRegionOptions, () => regions.options());
    route(app, proxyApi.proxyRegionAdd, (b) => regions.add(b));
    route(app, proxyApi.proxyRegionUpdate, (b) => regions.update(b));
    route(app, proxyApi.proxyRegionDelete, ({ id }) => regions.remove(id));
    route(app, proxyApi.proxyPricePage, (b) => prices.page(b));
    route(app, proxyApi.proxyPriceAdd, (b) => prices.add(b));
    route(app, proxyApi.proxyPriceUpdate, (b) => prices.update(b));
    route(app, proxyApi.proxyPriceDelete, ({ id }) => prices.remove(id));
    route(app, proxyApi.proxyPriceImport, ({ file }, { lang }) => prices.import(file, lang));
    route(app, proxyApi.proxyPriceExport, (b, { lang }) => prices.export(b, lang));
  };
