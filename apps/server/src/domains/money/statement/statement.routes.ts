import { statementApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessWarning } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import { renderPdf } from '../../../lib/pdf';
import type { StatementService } from './statement.service';
import { statementFileName, statementPdf, statementSheets } from './statement-document';

export const statementRoutes =
  (statement: StatementService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, statementApi.statement, (b, { user }) => statement.statement(user, b));
    route(app, statementApi.statementExport, async ({ format, ...body }, { user, lang }) => {
      const now = Date.now();
      const result = await statement.statement(user, body, now);
      const none = result.rows.every((r) => r.chargeKwh === 0 && r.dischargeKwh === 0);
      if (none) throw businessWarning('exportNoData');
      const name = statementFileName(body.month);
      if (format !== 'pdf') return { format, name, sheets: statementSheets(result, body.month, lang) };
      const bytes = await renderPdf(statementPdf(result, body.month, lang, now));
      return { bytes, contentType: 'application/pdf', fileName: `${name}.pdf` };
    });
    route(app, statementApi.settlementRatioList, (b, { user }) => statement.ratios(user, b.stationId));
    route(app, statementApi.settlementRatioSet, (b, { user }) => statement.setRatio(user, b));
    route(app, statementApi.settlementRatioDelete, (b, { user }) => statement.deleteRatio(user, b));
  };
