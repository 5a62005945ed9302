import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** HTTP answer times, 5 ms to 60 s (exports and history reads are the slow end). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * `ess_http_request_duration_seconds` by method, route pattern (never the raw URL: ids and query
 * strings would make a series per request) and status class. Unknown paths count as `unmatched`.
 * Routes registered before this hook (the OpenAPI pages) are not measured.
 */
export function httpMetrics(app: FastifyInstance, register: Registry): void {
  const duration = new Histogram({
    name: 'ess_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers: [register],
  });
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
