import { STATION_LOGO_MAX_BYTES, stationAdminApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { StationAdminService } from './station-admin.service';

/** Room for a 1 MB logo in base64 (4/3) plus the JSON around it. */
const LOGO_BODY_LIMIT = Math.ceil((STATION_LOGO_MAX_BYTES * 4) / 3) + 64 * 1024;

export const stationAdminRoutes =
  (stations: StationAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, stationAdminApi.stationPage, (q, { user, lang }) => stations.page(user, q, lang));
    route(app, stationAdminApi.stationAdd, (b, { user }) => stations.add(user, b));
    route(app, stationAdminApi.stationNation, (_, { user, lang }) => stations.nation(user, lang));
    route(app, stationAdminApi.stationGetLogo, ({ id }) => stations.logo(id));
    route(app, stationAdminApi.stationUploadLogo, (b) => stations.uploadLogo(b), { bodyLimit: LOGO_BODY_LIMIT });
    route(app, stationAdminApi.stationDeleteLogo, ({ id }) => stations.removeLogo(id));
    route(app, stationAdminApi.stationDetail, ({ id }, { user, lang }) => stations.detail(user, id, lang));
    route(app, stationAdminApi.stationUpdate, (b, { user }) => stations.update(user, b));
    route(app, stationAdminApi.stationDelete, ({ id }) => stations.remove(id));
  };
