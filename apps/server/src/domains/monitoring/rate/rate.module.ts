import type { ApiModule } from '../../../kernel/api-module';
import { proxyRoutes } from './proxy.routes';
import { ProxyPriceService } from './proxy-price.service';
import { ProxyRegionService } from './proxy-region.service';
import { rateRoutes } from './rate.routes';
import { RateService } from './rate.service';
import { StationPriceService } from './station-prices.service';

/** The rate module's calls (templates, station prices, proxy price regions and prices), wired from the platform's shared parts. */
export const rateApi: ApiModule = ({ db }) => {
  const rates = new RateService(db);
  const templates = rateRoutes(rates, new StationPriceService(db, rates));
  const proxy = proxyRoutes(new ProxyRegionService(db), new ProxyPriceService(db));
  return async (app) => {
    await app.register(templates);
    await app.register(proxy);
  };
};
