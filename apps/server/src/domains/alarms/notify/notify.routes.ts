import { notifyApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { NotifyService } from './notify.service';
import type { NotifyEngine } from './notify-engine';

/** Notification settings, test send and log: thin handlers over the service and engine. */
export const notifyRoutes =
  (service: NotifyService, engine: NotifyEngine): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, notifyApi.notifyConfig, (_, { lang }) => service.config(lang));
    route(app, notifyApi.notifyChainSave, (b) => service.saveChain(b));
    route(app, notifyApi.notifyChainDelete, (b) => service.deleteChain(b.id));
    route(app, notifyApi.notifyQuietSave, (b) => service.saveQuiet(b));
    route(app, notifyApi.notifyQuietDelete, (b) => service.deleteQuiet(b.userId));
    route(app, notifyApi.notifyRateSave, (b) => service.saveRate(b));
    route(app, notifyApi.notifyRateDelete, (b) => service.deleteRate(b.stationId));
    route(app, notifyApi.notifyTestSend, async (b) => {
      const e = await engine.testSend(b.userId, b.channel);
      return { status: e.status, reason: e.reason, detail: e.detail };
    });
    route(app, notifyApi.notifyLogPage, (b) => service.logPage(b));
  };
