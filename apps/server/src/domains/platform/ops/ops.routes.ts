import { opsApi } from '@ess/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import type { Env } from '../../../env';
import { AppError } from '../../../lib/app-error';
import { route } from '../../../lib/endpoint-route';
import type { TelemetryRuntime } from '../../telemetry/telemetry';
import type { Lifecycle } from './lifecycle';
import { type MqttTarget, mqttUrlTarget, probeHost, ReadinessService } from './readiness';

export type OpsDeps = { env: Env; db: Db; telemetry: TelemetryRuntime | null; lifecycle: Lifecycle };

/** `GET /api/health` and `GET /api/ready` (contract ops-api.ts). */
export const opsRoutes =
  ({ env, db, telemetry, lifecycle }: OpsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const mqtt = (): MqttTarget => {
      if (!telemetry) return null;
      if (env.MQTT_URL) return mqttUrlTarget(env.MQTT_URL);
      const broker = telemetry.broker;
      return broker ? { host: probeHost(broker.host), port: broker.port } : { notStarted: true };
    };
    const readiness = new ReadinessService({ db, lifecycle, mqtt });

    route(app, opsApi.health, async () => ({ status: 'up' as const, uptimeSeconds: Math.round(process.uptime()) }));
    route(app, opsApi.ready, async () => {
      const r = await readiness.check();
      // The envelope of a failure carries the same checks, so a prober sees which one failed.
      if (!r.ready) throw new AppError(503, 503, 'notReady', undefined, r);
      return r;
    });
  };
