import { workorderApi as api } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { route } from '../../../lib/endpoint-route';
import { AutomationService } from './automation.service';

/** Alarm rules and schedules: thin handlers (the guard checked the body's station). */
export const automationRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const auto = new AutomationService(db);
    route(app, api.workorderRulePage, (q, { user, lang }) => auto.rules(user, q, lang));
    route(app, api.workorderRuleSave, (b) => auto.saveRule(b));
    route(app, api.workorderRuleDelete, ({ id, stationId }) => auto.deleteRule(id, stationId));
    route(app, api.workorderSchedulePage, (q, { user, lang }) => auto.schedules(user, q, lang));
    route(app, api.workorderScheduleSave, (b) => auto.saveSchedule(b));
    route(app, api.workorderScheduleDelete, ({ id, stationId }) => auto.deleteSchedule(id, stationId));
  };
