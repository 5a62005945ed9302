import { workorderApi as api } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { OrderService } from './order.service';
import type { SlaTimerRunner } from './order-sla';

/** Work orders: thin handlers over the order service; the SLA timer runner runs while the app does. */
export const orderRoutes =
  (orders: OrderService, sla: SlaTimerRunner): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onReady', async () => sla.start((err) => app.log.warn({ err }, 'work-order deadline run failed')));
    app.addHook('onClose', async () => sla.stop());
    route(app, api.workorderOrderAdd, (b, { user }) => orders.add(user, b));
    route(app, api.workorderOrderCandidates, ({ stationId }) => orders.candidates(stationId));
    route(app, api.workorderOrderPage, (q, { user, lang }) => orders.page(user, q, lang));
    route(app, api.workorderOrderAction, (b, { user }) => orders.act(user, b));
    route(app, api.workorderOrderDetail, ({ id }, { user, lang }) => orders.detail(user, id, lang));
    route(app, api.workorderOrderTrack, ({ id }, { user, lang }) => orders.track(user, id, lang));
    route(app, api.workorderOrderDiagram, ({ id }, { user, lang }) => orders.diagram(user, id, lang));
    route(app, api.workorderOrderDelete, ({ id }, { user, lang }) => orders.remove(user, id, lang));
    route(app, api.workorderOrderExport, (q, { user, lang }) => orders.export(user, q, lang));
  };
