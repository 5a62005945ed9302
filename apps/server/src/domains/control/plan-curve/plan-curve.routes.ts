import { DISPATCH_DEVIATION_DEFAULTS, planCurveApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { route } from '../../../lib/endpoint-route';
import type { AuthService } from '../../access/auth';
import type { CommandService } from '../command';
import { DEVIATION_CHECK_MS, type DeviationSettings, DispatchDeviationJob } from './dispatch-deviation';
import { PlanCurveService } from './plan-curve.service';
import { PlanDeliveryService } from './plan-delivery.service';
import { PlannedVsActualService } from './planned-vs-actual.service';

export type PlanCurveDeps = {
  db: Db;
  commands: CommandService;
  auth: AuthService;
  bus: TelemetryBus;
  /** Tolerance (% of rated power) and hold time of the dispatch deviation alarm; defaults otherwise. */
  deviation?: Partial<DeviationSettings>;
};

/** Plan curve templates, their delivery to stations' EMS, the history and planned versus actual power. */
export const planCurveRoutes =
  ({ db, commands, auth, bus, deviation: settings }: PlanCurveDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The dispatch deviation alarm of executing plans, checked every minute (one instance at a time).
    const deviation = new DispatchDeviationJob(db, bus, { ...DISPATCH_DEVIATION_DEFAULTS, ...settings });
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        deviation.check().catch((err: unknown) => app.log.warn({ err }, 'dispatch deviation check failed'));
      }, DEVIATION_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
    const templates = new PlanCurveService(db);
    const deliveries = new PlanDeliveryService(db, commands, auth, templates);
    const chart = new PlannedVsActualService(db);

    route(app, planCurveApi.page, (q, { user }) => templates.page(user, q));
    route(app, planCurveApi.detail, ({ id }, { user }) => templates.detail(user, id));
    route(app, planCurveApi.add, (b, { user, lang }) => templates.add(user, b, lang));
    route(app, planCurveApi.copy, (b, { user, lang }) => templates.copy(user, b, lang));
    route(app, planCurveApi.update, ({ id, ...b }, { user, lang }) => templates.update(user, id, b, lang));
    route(app, planCurveApi.setEnabled, ({ id, enabled }, { user }) => templates.setEnabled(user, id, enabled));
    route(app, planCurveApi.remove, ({ id }, { user }) => templates.remove(user, id));
    route(app, planCurveApi.deliver, (b, { user, ip, lang }) => deliveries.deliver(user, b, ip, lang));
    route(app, planCurveApi.deliverCheck, ({ stationIds }, { user, lang }) => deliveries.check(user, stationIds, lang));
    route(app, planCurveApi.deliveryPage, (q, { user, lang }) => deliveries.page(user, q, lang));
    route(app, planCurveApi.deliveryDetail, ({ id }, { user, lang }) => deliveries.detail(user, id, lang));
    route(app, planCurveApi.plannedVsActual, ({ stationId, date }, { user }) => chart.day(user, stationId, date));
  };
