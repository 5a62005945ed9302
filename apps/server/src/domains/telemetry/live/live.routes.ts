import { LIVE_AUTH_TIMEOUT_MS, LIVE_COALESCE_MS, LIVE_PING_MS, LIVE_SESSION_CHECK_MS } from '@ess/contract';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import type { AuthService } from '../../access/auth';
import { StationDirectory } from '../../stations/station';
import { LiveConnection, type LiveTimings } from './live-connection';
import type { LiveHub } from './live-hub';
import { LiveRights } from './live-rights';

export const DEFAULT_LIVE_TIMINGS: LiveTimings = {
  authTimeoutMs: LIVE_AUTH_TIMEOUT_MS,
  coalesceMs: LIVE_COALESCE_MS,
  pingMs: LIVE_PING_MS,
  sessionCheckMs: LIVE_SESSION_CHECK_MS,
};

/**
 * The live socket `GET /api/ws` (contract live.ts). Browsers cannot send an Authorization header
 * on a WebSocket, so the route is public for the session guard and the socket authenticates
 * with its first message. A plain HTTP GET gets a 426 envelope.
 */
export const liveRoutes =
  (deps: {
    db: Db;
    auth: AuthService;
    hub: LiveHub;
    /** Where rights changes (`sessionsChanged`) and station changes (`devicesChanged`) are heard. */
    bus: TelemetryBus;
    timings?: Partial<LiveTimings>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, auth, hub, bus } = deps;
    const timings = { ...DEFAULT_LIVE_TIMINGS, ...deps.timings };
    const directory = new StationDirectory(db, bus);
    const rights = new LiveRights({
      bus,
      authenticate: (token) => auth.authenticate(token),
      inScope: async (user, stationId) => (await directory.stationsOf(user)).some((s) => s.id === stationId),
      sweepMs: timings.sessionCheckMs,
      onError: (err) => app.log.error({ err }, 'live rights check failed'),
    });
    await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
    app.addHook('onClose', async () => {
      rights.stop();
      hub.stop();
    });

    app.route({
      method: 'GET',
      url: '/ws',
      config: { access: { public: true } },
      schema: { hide: true },
      handler: async () => {
        // 426 Upgrade Required: this address speaks WebSocket only.
        throw new AppError(426, 426, 'wsUpgradeRequired');
      },
      wsHandler: (socket, req) => {
        new LiveConnection(
          socket,
          {
            db,
            auth,
            hub,
            rights,
            timings,
            onError: (err) => req.log.error({ err }, 'live socket message failed'),
            // The upgraded request's socket is the one the WebSocket writes to.
            transport: req.raw.socket,
          },
          req.lang,
        ).start();
      },
    });
  };
