import { deviceApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../lib/endpoint-route';
import type { DeviceService } from './device.service';

export const deviceRoutes =
  (devices: DeviceService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, deviceApi.deviceTree, ({ stationId }, { user, lang }) => devices.treeTrueDevices(user, stationId, lang));
    route(app, deviceApi.virtualDevices, ({ stationId }, { user, lang }) =>
      devices.virtualDevices(user, stationId, lang),
    );
    route(app, deviceApi.latestByType, ({ stationId, type }, { user, lang }) =>
      devices.latestByType(user, stationId, type, lang),
    );
    route(app, deviceApi.deviceCredentials, ({ deviceId }, { user, ip, reply }) => {
      // A secret shown once must not stay in any cache.
      reply.header('cache-control', 'no-store');
      return devices.credentials(user, deviceId, ip);
    });
  };
