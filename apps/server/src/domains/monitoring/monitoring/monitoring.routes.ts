import { monitoringApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { DeviceBlocksService } from './device-blocks.service';
import type { IncomeService } from './income.service';
import type { SiteOverviewService } from './site-overview.service';
import type { StationCurveService } from './station-curve.service';
import type { StationKpiService } from './station-kpi.service';

export type MonitoringServices = {
  kpi: StationKpiService;
  income: IncomeService;
  curves: StationCurveService;
  blocks: DeviceBlocksService;
  sites: SiteOverviewService;
};

/** The monitoring calls of spec 7 (home page, storage monitoring, earnings, charge-discharge data). */
export const monitoringRoutes =
  ({ kpi, income, curves, blocks, sites }: MonitoringServices): FastifyPluginAsyncZod =>
  async (app) => {
    const api = monitoringApi;
    route(app, api.pcsStationData, ({ stationId }, { user }) => kpi.pcsStationData(user, stationId));
    route(app, api.realtimeCurve, ({ stationId, date }, { user, lang }) =>
      curves.realtimeCurve(user, stationId, date, lang),
    );
    route(app, api.energyFlow, ({ stationId }, { user }) => kpi.middle(user, stationId));
    route(app, api.deviceStatus, ({ stationId }, { user, lang }) => blocks.statusSummary(user, stationId, lang));
    route(app, api.incomeData, (body, { user, lang }) => income.incomeData(user, body, lang));
    route(app, api.storageUnits, ({ stationId }, { user, lang }) => blocks.storageUnits(user, stationId, lang));
    route(app, api.dynamicRealtimeCurve, (body, { user, lang }) => curves.dynamicRealtimeCurve(user, body, lang));
    route(app, api.siteOverview, (_, { user }) => sites.overview(user));
    route(app, api.airCondition, ({ stationId }, { user, lang }) => blocks.airConditioners(user, stationId, lang));
    route(app, api.pvChargers, ({ stationId }, { user, lang }) => blocks.pvAndChargers(user, stationId, lang));
  };
