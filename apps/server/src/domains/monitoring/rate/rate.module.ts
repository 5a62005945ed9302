import type { ApiModule } from '../../../kernel/api-module';
import { rateRoutes } from './rate.routes';
import { RateService } from './rate.service';
import { StationPriceService } from './station-prices.service';

/** The rate module's calls, wired from the platform's shared parts. */
export const rateApi: ApiModule = ({ db }) => {
  const rates = new RateService(db);
  return rateRoutes(rates, new StationPriceService(db, rates));
};
