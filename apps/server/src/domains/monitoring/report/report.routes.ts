import { reportApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessWarning } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import type { ReportService } from './report.service';
import { reportFileName, reportSheet } from './report-export';

/** The station statistics report (monitoring menu "station statistics report") and its export. */
export const reportRoutes =
  (reports: ReportService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, reportApi.stationReport, (body, { user }) => reports.statistics(user, body));
    route(app, reportApi.stationReportExport, async ({ format, ...query }, { user, lang }) => {
      const report = await reports.statistics(user, query);
      if (!report.rows.some((r) => r.hasData)) throw businessWarning('exportNoData');
      return { format, name: reportFileName(report), sheets: [reportSheet(report, lang)] };
    });
  };
