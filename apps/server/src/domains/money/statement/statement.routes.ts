import { statementApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessWarning } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import type { StatementService } from './statement.service';
import { statementEmpty, statementFile } from './statement-file';

export const statementRoutes =
  (statement: StatementService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, statementApi.statement, (b, { user }) => statement.statement(user, b));
    route(app, statementApi.statementExport, async ({ format, ...body }, { user, lang }) => {
      const now = Date.now();
      const result = await statement.statement(user, body, now);
      if (statementEmpty(result)) throw businessWarning('exportNoData');
      return statementFile(result, body.month, format, lang, now);
    });
    route(app, statementApi.settlementRatioList, (b, { user }) => statement.ratios(user, b.stationId));
    route(app, statementApi.settlementRatioSet, (b, { user }) => statement.setRatio(user, b));
    route(app, statementApi.settlementRatioDelete, (b, { user }) => statement.deleteRatio(user, b));
  };
