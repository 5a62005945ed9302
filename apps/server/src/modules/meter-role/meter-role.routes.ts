import { errorEnvelope, meterConfig, meterRoleBody, meterRoleUpdateBody, stationIdBody } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/reply';
import { callerOf } from '../../plugins/auth';
import type { MeterRoleService } from './meter-role.service';

const tags = ['meter role'];
const write = { access: { perms: ['sys:equipment:meter'], mutates: true } };

export const meterRoleRoutes =
  (meters: MeterRoleService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/xinFengMing/queryElecMeterConfig',
      {
        schema: {
          tags,
          summary: "The station's meter roles (gateway, storage, PV, load) and its meters",
          body: stationIdBody,
          response: replies(meterConfig),
        },
      },
      async (req) => ok(req.lang, await meters.query(callerOf(req), req.body.stationId, req.lang)),
    );

    app.post(
      '/business/xinFengMing/addElecMeterConfig',
      {
        config: write,
        schema: {
          tags,
          summary: 'Give a meter role to a meter of the station (409 when the role has one)',
          body: meterRoleBody,
          response: { ...replies(meterConfig), 409: errorEnvelope },
        },
      },
      async (req) => ok(req.lang, await meters.add(callerOf(req), req.body, req.lang)),
    );

    app.post(
      '/business/xinFengMing/updateElecMeterConfig',
      {
        config: write,
        schema: {
          tags,
          summary: "Set or (deviceId null) clear a meter role's meter",
          body: meterRoleUpdateBody,
          response: replies(meterConfig),
        },
      },
      async (req) => ok(req.lang, await meters.update(callerOf(req), req.body, req.lang)),
    );
  };
