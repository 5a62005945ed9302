import { configApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { route } from '../../lib/endpoint-route';
import { CommandService } from '../command/command.service';
import type { TelemetryBus } from '../telemetry/telemetry-bus';
import type { TelemetryRuntime } from '../telemetry/telemetry-runtime';
import { SiteSyncService } from './site-sync.service';

export type SiteSyncDeps = { db: Db; bus: TelemetryBus; telemetry: TelemetryRuntime | null; timeoutS: number };

/**
 * Configuration pushes and the command service under them: acks are tracked and timeouts swept
 * from the moment the app is ready (also with telemetry off: commands a stopped server left in
 * flight are settled).
 */
export const siteSyncRoutes =
  ({ db, bus, telemetry, timeoutS }: SiteSyncDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const commands = new CommandService({ db, bus, telemetry, timeoutS, log: app.log });
    const sync = new SiteSyncService(db, commands, telemetry);
    app.addHook('onReady', async () => commands.start());
    app.addHook('onClose', async () => commands.stop());

    route(app, configApi.siteSyncList, (b, { user, lang }) => sync.list(user, 'configSync', b.keyword, lang));
    route(app, configApi.siteSync, ({ stationId }, { user, lang }) => sync.sync(user, stationId, 'configSync', lang));
    route(app, configApi.virtualSyncList, (b, { user, lang }) => sync.list(user, 'virtualSync', b.keyword, lang));
    route(app, configApi.virtualSync, ({ stationId }, { user, lang }) =>
      sync.sync(user, stationId, 'virtualSync', lang),
    );
    route(app, configApi.commandDetail, ({ id }, { user, lang }) => sync.command(user, id, lang));
  };
