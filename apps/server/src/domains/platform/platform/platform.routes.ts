import { shellApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { stationIdsInScope } from '../../../kernel/station-scope.service';
import { route } from '../../../lib/endpoint-route';
import type { PlatformState } from './platform-state';

/** `visualOrigin`: the visualisation host (VISUAL_HOST) or null. */
export const platformRoutes =
  (db: Db, platform: PlatformState, visualOrigin: string | null): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, shellApi.platformInfo, async (_, { user }) => {
      // Only the caller's own stations: ids outside the scope stay unknown.
      const mine = new Set(await stationIdsInScope(db, user));
      return {
        version: platform.version,
        simulatedStationIds: platform.simulatedStationIds.filter((id) => mine.has(id)),
        visualOrigin,
      };
    });
  };
