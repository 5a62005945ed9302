import { CLIENT_ERROR_LIMITS, logApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import { bearerToken } from '../../../plugins/auth';
import type { AuthService } from '../../access/auth';
import type { LogsService } from './logs.service';

/** A report is small; anything larger than its fields allow is refused before it is parsed. */
const REPORT_BODY_LIMIT = 4 * 1024 + Object.values(CLIENT_ERROR_LIMITS).reduce((a, b) => a + b, 0) * 4;
/** A broken page in a loop must not flood the table: reports per address and minute. */
const REPORTS_PER_MINUTE = 30;

export const logsRoutes =
  (logs: LogsService, auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      logApi.clientErrorAdd,
      async (report, { req, ip }) => {
        // The call is public (errors happen before sign-in); a valid session names the user.
        const token = bearerToken(req);
        const user = token ? await auth.authenticate(token).catch(() => null) : null;
        return logs.reportClientError(report, { user, ip, userAgent: req.headers['user-agent'] ?? null });
      },
      { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: '1 minute' }, bodyLimit: REPORT_BODY_LIMIT },
    );
    route(app, logApi.clientErrorPage, (q) => logs.clientErrors(q));
    route(app, logApi.operationLogPage, (q, { lang }) => logs.operationLog(q, lang));
    route(app, logApi.operationLogExport, (b, { lang }) => logs.exportOperationLog(b, lang));
  };
