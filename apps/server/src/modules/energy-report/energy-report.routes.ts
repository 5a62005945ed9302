import { incomeExportBody } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendExport } from '../../lib/export-file';
import { callerOf } from '../../plugins/auth';
import type { EnergyReportService } from './energy-report.service';

const tags = ['monitoring'];

/** Export of the charge-discharge data screen (spec 7 "Exports": a blob answer). */
export const energyReportRoutes =
  (reports: EnergyReportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/openStation/incomeExport',
      {
        config: { access: { perms: ['surveillance:charge:export'] } },
        schema: {
          tags,
          summary:
            'Charged and discharged energy per day and TOU period (with monthly totals and prices) as CSV or Excel',
          body: incomeExportBody,
        },
      },
      async (req, reply) => {
        const { format, ...range } = req.body;
        const file = await reports.incomeExport(callerOf(req), range, req.lang);
        return sendExport(reply, format, file.name, file.sheets);
      },
    );
  };
