import { sequenceApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { route } from '../../../lib/endpoint-route';
import type { AuthService } from '../../access/auth';
import type { CommandService } from '../command';
import { SequenceService } from './sequence.service';
import { type ExecutorTimings, SequenceExecutor } from './sequence-executor';

export type SequenceDeps = {
  db: Db;
  auth: AuthService;
  bus: TelemetryBus;
  commands: CommandService;
  timings?: Partial<ExecutorTimings>;
};

/** One-button sequential control: templates, runs executed on the server, history. */
export const sequenceModule =
  (deps: SequenceDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const executor = new SequenceExecutor({ ...deps, log: app.log });
    const service = new SequenceService(deps.db, deps.auth, executor);
    app.addHook('onReady', async () => executor.start());
    app.addHook('onClose', async () => executor.stop());

    route(app, sequenceApi.templates, ({ stationId }, { user, lang }) => service.templates(user, stationId, lang));
    route(app, sequenceApi.addTemplate, (b, { user, lang }) => service.addTemplate(user, b, lang));
    route(app, sequenceApi.copyTemplate, (b, { user, lang }) => service.copyTemplate(user, b, lang));
    route(app, sequenceApi.updateTemplate, (b, { user, lang }) => service.updateTemplate(user, b, lang));
    route(app, sequenceApi.removeTemplate, ({ id }, { user }) => service.removeTemplate(user, id));
    route(app, sequenceApi.run, (b, { user, ip, lang }) => service.run(user, b, { ip }, lang));
    route(app, sequenceApi.sequenceRunCancel, ({ id }, { user }) => service.cancel(user, id));
    route(app, sequenceApi.runDetail, ({ id }, { user, lang }) => service.runDetail(user, id, lang));
    route(app, sequenceApi.runPage, (q, { lang }) => service.runPage(q, lang));
  };
