/** The rate module's public face: what other modules may use. */

export { rateApi } from './rate.module';
export { rateRoutes } from './rate.routes';
export { RateService } from './rate.service';
export type { StationTariff, TouTemplateRow } from './rate-lookup';
export { stationTariffs, stationTemplateToday, tariffRuns, templateOn } from './rate-lookup';
