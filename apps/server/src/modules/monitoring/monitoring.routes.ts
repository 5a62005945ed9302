import {
  airConditionResult,
  curveResult,
  deviceStatusSummary,
  dynamicCurveBody,
  emptyBody,
  energyFlow,
  incomeBody,
  incomeResult,
  pvChargerSummary,
  realtimeCurveBody,
  realtimeCurveResult,
  siteOverviewRow,
  stationIdBody,
  stationKpis,
  storageUnits,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
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

const tags = ['monitoring'];
const open = '/business/openStation';

/** The monitoring calls of spec 7 (home page, storage monitoring, earnings, charge-discharge data). */
export const monitoringRoutes =
  ({ kpi, income, curves, blocks, sites }: MonitoringServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${open}/pcsStationData`,
      {
        schema: {
          tags,
          summary: 'Station KPIs: power, capacity, SOC, charge and discharge, revenue, PV energy, carbon',
          body: stationIdBody,
          response: replies(stationKpis),
        },
      },
      async (req) => ok(req.lang, await kpi.pcsStationData(callerOf(req), req.body.stationId)),
    );

    app.post(
      `${open}/realtimeCurve`,
      {
        schema: {
          tags,
          summary: "A local day's storage, PV, load and grid power in 15-minute averages",
          body: realtimeCurveBody,
          response: replies(realtimeCurveResult),
        },
      },
      async (req) =>
        ok(req.lang, await curves.realtimeCurve(callerOf(req), req.body.stationId, req.body.date, req.lang)),
    );

    app.post(
      `${open}/middle`,
      {
        schema: {
          tags,
          summary: 'Energy-flow snapshot: grid, PV, storage, load and charging power with signs, SOC',
          body: stationIdBody,
          response: replies(energyFlow),
        },
      },
      async (req) => ok(req.lang, await kpi.middle(callerOf(req), req.body.stationId)),
    );

    app.post(
      `${open}/middlePart`,
      {
        schema: {
          tags,
          summary: 'Device status by type: total, online, offline, in fault',
          body: stationIdBody,
          response: replies(deviceStatusSummary),
        },
      },
      async (req) => ok(req.lang, await blocks.statusSummary(callerOf(req), req.body.stationId, req.lang)),
    );

    app.post(
      `${open}/incomeData`,
      {
        schema: {
          tags,
          summary: 'Daily arbitrage revenue and energy by TOU period, monthly totals, the template used',
          body: incomeBody,
          response: replies(incomeResult),
        },
      },
      async (req) => ok(req.lang, await income.incomeData(callerOf(req), req.body)),
    );

    app.post(
      `${open}/getPCSElecData`,
      {
        schema: {
          tags,
          summary: "PCS or cabinets: power, SOC, run state, today's charge and discharge",
          body: stationIdBody,
          response: replies(storageUnits),
        },
      },
      async (req) => ok(req.lang, await blocks.storageUnits(callerOf(req), req.body.stationId, req.lang)),
    );

    app.post(
      `${open}/dynamicRealtimeCurve`,
      {
        schema: {
          tags,
          summary: 'Curves of chosen device points (default: today so far)',
          body: dynamicCurveBody,
          response: replies(curveResult),
        },
      },
      async (req) => ok(req.lang, await curves.dynamicRealtimeCurve(callerOf(req), req.body, req.lang)),
    );

    app.post(
      `${open}/siteOverview`,
      {
        schema: {
          tags,
          summary: 'Monitoring overview of sites: one row per station in scope with the spec 3 columns',
          body: emptyBody,
          response: replies(z.array(siteOverviewRow)),
        },
      },
      async (req) => ok(req.lang, await sites.overview(callerOf(req))),
    );

    app.post(
      '/business/common/getAirCondition',
      {
        schema: {
          tags,
          summary: 'Air conditioners and the cabinets’ air conditioning with temperatures',
          body: stationIdBody,
          response: replies(airConditionResult),
        },
      },
      async (req) => ok(req.lang, await blocks.airConditioners(callerOf(req), req.body.stationId, req.lang)),
    );

    app.post(
      '/business/common/middlePart',
      {
        schema: {
          tags,
          summary: 'PV and charging-pile blocks: power, today and total energy, pile states',
          body: stationIdBody,
          response: replies(pvChargerSummary),
        },
      },
      async (req) => ok(req.lang, await blocks.pvAndChargers(callerOf(req), req.body.stationId, req.lang)),
    );
  };
