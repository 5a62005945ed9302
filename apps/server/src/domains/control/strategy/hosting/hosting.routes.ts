import { hostingApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../../lib/endpoint-route';
import type { HostingService } from './hosting.service';

/** Strategy hosting and review (/strategic-management/hosting); the runner starts with the server. */
export const hostingRoutes =
  (hosting: HostingService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, hostingApi.hostingSettings, ({ stationId }, { user }) => hosting.settings(user, stationId));
    route(app, hostingApi.hostingSettingsSave, (b, { user }) => hosting.saveSettings(user, b));
    route(app, hostingApi.hostingPage, (b, { user, lang }) => hosting.page(user, b, lang));
    route(app, hostingApi.hostingExport, ({ stationId }, { user, lang }) => hosting.export(user, stationId, lang));
    route(app, hostingApi.hostingDay, ({ id }, { user, lang }) => hosting.day(user, id, lang));
    route(app, hostingApi.hostingPlan, (b, { user, lang }) => hosting.plan(user, b, lang));
    route(app, hostingApi.hostingReview, (b, { user, ip, lang }) => hosting.review(user, b, ip, lang));
    app.addHook('onReady', async () => hosting.start((err) => app.log.warn({ err }, 'strategy hosting run failed')));
    app.addHook('onClose', async () => hosting.stop());
  };
