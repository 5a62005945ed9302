import { monitoringApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { EnergyReportService } from './energy-report.service';

/** Exports of the charge-discharge data and earnings glance screens (spec 7 "Exports": a blob answer). */
export const energyReportRoutes =
  (reports: EnergyReportService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, monitoringApi.incomeExport, async ({ format, ...range }, { user, lang }) => ({
      format,
      ...(await reports.incomeExport(user, range, lang)),
    }));
    route(app, monitoringApi.earningsExport, async ({ format, ...range }, { user, lang }) => ({
      format,
      ...(await reports.earningsExport(user, range, lang)),
    }));
  };
