import { dashboardApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { DashboardService } from './dashboard.service';
import type { FamilyService } from './family.service';

export const dashboardRoutes =
  (dashboards: DashboardService, family: FamilyService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, dashboardApi.dashboardList, (_b, { user }) => dashboards.list(user));
    route(app, dashboardApi.dashboardAdd, (b, { user }) => dashboards.add(user, b));
    route(app, dashboardApi.dashboardUpdate, (b, { user }) => dashboards.update(user, b));
    route(app, dashboardApi.dashboardDelete, ({ id }, { user }) => dashboards.remove(user, id));
    route(app, dashboardApi.dashboardShare, (b, { user }) => dashboards.share(user, b));
    route(app, dashboardApi.dashboardRoles, (_b, { user, lang }) => dashboards.shareableRoles(user, lang));
    route(app, dashboardApi.dashboardPublish, ({ id }, { user }) => dashboards.publish(user, id));
    route(app, dashboardApi.dashboardUnpublish, ({ id }, { user }) => dashboards.unpublish(user, id));
    route(app, dashboardApi.dashboardData, ({ id }, { user, lang }) => dashboards.data(user, id, lang));
    route(app, dashboardApi.dashboardPublic, ({ token }, { lang }) => dashboards.view(token, lang));
    route(app, dashboardApi.familyLink, ({ stationId }) => family.link(stationId));
    route(app, dashboardApi.familyPublish, ({ stationId }, { user }) => family.publish(user, stationId));
    route(app, dashboardApi.familyUnpublish, ({ stationId }) => family.unpublish(stationId));
    route(app, dashboardApi.familyView, ({ token }) => family.view(token));
  };
