import { createHash, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Db, RawDriver } from '../db/client';
import type { CommandService } from '../domains/control/command';
import type { TelemetryRuntime } from '../domains/telemetry/telemetry';
import type { Env } from '../env';
import type { TelemetryBus } from '../kernel/telemetry-bus';
import { AppError } from '../lib/app-error';
import { alarmMetrics } from '../lib/metrics/alarm-metrics';
import { commandMetrics } from '../lib/metrics/command-metrics';
import { dbPoolMetrics } from '../lib/metrics/db-pool-metrics';
import { httpMetrics } from '../lib/metrics/http-metrics';
import { ingestMetrics } from '../lib/metrics/ingest-metrics';
import { liveMetrics } from '../lib/metrics/live-metrics';
import { loadMetrics } from '../lib/metrics/load-metrics';
import type { ServerLoad } from '../lib/server-load';

export type MetricsDeps = {
  env: Pick<Env, 'METRICS' | 'METRICS_TOKEN'>;
  db: Db;
  /** The driver under Drizzle: the PostgreSQL pool's gauges. */
  raw: RawDriver;
  bus: TelemetryBus;
  telemetry: TelemetryRuntime | null;
  commands: CommandService;
  /** Whether the server keeps up: the sign-ins it sends away. */
  load: ServerLoad;
};

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics at `GET /metrics` (outside /api: no session, not in the endpoint table), in
 * the text exposition format. With METRICS_TOKEN set, a scrape must bring it as a bearer token;
 * unset, the endpoint is open. Each app has its own registry (tests build several in one
 * process). Register before the routes to measure: the HTTP hook applies to routes added after it.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  if (deps.env.METRICS === 'off') return;
  const register = new Registry();
  collectDefaultMetrics({ register });
  httpMetrics(app, register);
  dbPoolMetrics(register, deps.raw);
  loadMetrics(register, deps.load);
  const off = [
    liveMetrics(app, register),
    commandMetrics(register, deps.commands, deps.bus),
    alarmMetrics(register, deps.db, deps.bus),
  ];
  if (deps.telemetry) off.push(ingestMetrics(register, deps.telemetry, deps.bus));
  app.addHook('onClose', async () => {
    for (const f of off) f();
  });

  const expected = deps.env.METRICS_TOKEN ? digest(deps.env.METRICS_TOKEN) : null;
  app.route({
    method: 'GET',
    url: '/metrics',
    schema: { hide: true },
    handler: async (req, reply) => {
      if (expected) {
        const header = req.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        // Digests of equal length, so the comparison takes the same time whatever was sent.
        if (!timingSafeEqual(digest(given), expected)) {
          reply.header('www-authenticate', 'Bearer');
          throw new AppError(401, ResultCode.UNAUTHENTICATED, 'unauthenticated');
        }
      }
      const text = await register.metrics();
      return reply.header('cache-control', 'no-store').type(register.contentType).send(text);
    },
  });
}
