import { stationReport, stationReportBody, stationReportExportBody } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessWarning } from '../../lib/app-error';
import { sendExport } from '../../lib/export-file';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { ReportService } from './report.service';
import { reportFileName, reportSheet } from './report-export';

const tags = ['report'];
const base = '/business/stationReport';

/** The station statistics report (monitoring menu "station statistics report") and its export. */
export const reportRoutes =
  (reports: ReportService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${base}/statistics`,
      {
        schema: {
          tags,
          summary:
            'Daily or monthly station statistics: charge, discharge, efficiency, PV, load, grid, revenue, SOC, online rate',
          body: stationReportBody,
          response: replies(stationReport),
        },
      },
      async (req) => ok(req.lang, await reports.statistics(callerOf(req), req.body)),
    );

    app.post(
      `${base}/export`,
      {
        config: { access: { perms: ['surveillance:report:export'] } },
        schema: {
          tags,
          summary: 'The station statistics report as an Excel or CSV file',
          body: stationReportExportBody,
        },
      },
      async (req, reply) => {
        const { format, ...query } = req.body;
        const report = await reports.statistics(callerOf(req), query);
        if (!report.rows.some((r) => r.hasData)) throw businessWarning('exportNoData');
        return sendExport(reply, format, reportFileName(report), [reportSheet(report, req.lang)]);
      },
    );
  };
