import { configApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { route } from '../../../lib/endpoint-route';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import type { CommandService } from '../command';
import { SiteSyncService } from './site-sync.service';

export type SiteSyncDeps = { db: Db; telemetry: TelemetryRuntime | null; commands: CommandService };

/** Configuration pushes, sent as commands through the platform's command service. */
export const siteSyncRoutes =
  ({ db, telemetry, commands }: SiteSyncDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const sync = new SiteSyncService(db, commands, telemetry);

    route(app, configApi.siteSyncList, (b, { user, lang }) => sync.list(user, 'configSync', b.keyword, lang));
    route(app, configApi.siteSync, ({ stationId }, { user, lang }) => sync.sync(user, stationId, 'configSync', lang));
    route(app, configApi.virtualSyncList, (b, { user, lang }) => sync.list(user, 'virtualSync', b.keyword, lang));
    route(app, configApi.virtualSync, ({ stationId }, { user, lang }) =>
      sync.sync(user, stationId, 'virtualSync', lang),
    );
    route(app, configApi.syncCommandDetail, ({ id }, { user, lang }) => sync.command(user, id, lang));
  };
