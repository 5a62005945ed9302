import { controlApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { ControlService } from './control.service';

/** Remote control calls (issue 14 part 2), all through the one command service. */
export const controlRoutes =
  (control: ControlService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, controlApi.command, (b, { user, ip, lang }) => control.command(user, b, ip, lang));
    route(app, controlApi.setPoint, (b, { user, ip, lang }) => control.setPoint(user, b, ip, lang));
    route(app, controlApi.commandDetail, ({ id }, { user, lang }) => control.detail(user, id, lang));
    route(app, controlApi.commandCancel, ({ id }, { user, lang }) => control.cancel(user, id, lang));
    route(app, controlApi.points, ({ deviceId }, { user, lang }) => control.points(user, deviceId, lang));
    route(app, controlApi.commandPage, (b, { user, lang }) => control.page(user, b, lang));
    route(app, controlApi.cabinets, ({ stationId }, { lang }) => control.cabinets(stationId, lang));
  };
