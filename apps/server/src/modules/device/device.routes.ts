import {
  deviceCredentials,
  deviceIdBody,
  deviceNode,
  latestByTypeBody,
  latestByTypeResult,
  stationIdBody,
  virtualDevice,
} from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { DeviceService } from './device.service';

const tags = ['device'];

export const deviceRoutes =
  (devices: DeviceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/device/treeTrueDevices',
      {
        schema: {
          tags,
          summary: "The station's real devices as a tree by parent",
          body: stationIdBody,
          response: replies(z.array(deviceNode)),
        },
      },
      async (req) => ok(req.lang, await devices.treeTrueDevices(callerOf(req), req.body.stationId, req.lang)),
    );

    app.post(
      '/business/device/getVirtualDevice',
      {
        schema: {
          tags,
          summary: "The station's virtual devices with their points and latest values",
          body: stationIdBody,
          response: replies(z.array(virtualDevice)),
        },
      },
      async (req) => ok(req.lang, await devices.virtualDevices(callerOf(req), req.body.stationId, req.lang)),
    );

    app.post(
      '/business/device/latestByType',
      {
        schema: {
          tags,
          summary: "A station's devices of one type with their latest values, in one round trip",
          body: latestByTypeBody,
          response: replies(latestByTypeResult),
        },
      },
      async (req) =>
        ok(req.lang, await devices.latestByType(callerOf(req), req.body.stationId, req.body.type, req.lang)),
    );

    app.post(
      '/business/device/credentials',
      {
        // Admin only: the permission is granted to no role, and admin holds every permission.
        config: { access: { perms: ['sys:equipment:credentials'], mutates: true } },
        schema: {
          tags,
          summary: 'New MQTT credentials of a device (the secret is regenerated and shown once)',
          body: deviceIdBody,
          response: replies(deviceCredentials),
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req.lang, await devices.credentials(callerOf(req), req.body.deviceId, req.ip));
      },
    );
  };
