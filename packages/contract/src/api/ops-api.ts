import { z } from 'zod';
import { endpointGroup } from './endpoint';

/** What readiness checks: the database, the MQTT side, and that the server is not shutting down. */
export const READY_CHECKS = ['database', 'mqtt', 'server'] as const;
export type ReadyCheckName = (typeof READY_CHECKS)[number];
/** `off`: not part of this deployment (MQTT with TELEMETRY=off); counts as ready. */
export const READY_STATES = ['up', 'down', 'off'] as const;
export type ReadyState = (typeof READY_STATES)[number];

export const healthStatus = z.object({
  status: z.literal('up'),
  /** Seconds since the process started. */
  uptimeSeconds: z.number(),
});
export type HealthStatus = z.infer<typeof healthStatus>;

export const readyCheck = z.object({
  name: z.enum(READY_CHECKS),
  state: z.enum(READY_STATES),
  /** Why a check is down (`timeout`, `error`, `unreachable`, `shuttingDown`); null when up or off. */
  reason: z.string().nullable(),
  /** How long the check took. */
  ms: z.number(),
});
export type ReadyCheck = z.infer<typeof readyCheck>;

export const readiness = z.object({ ready: z.boolean(), checks: z.array(readyCheck) });
export type Readiness = z.infer<typeof readiness>;

/**
 * Probes for load balancers and orchestrators (docs/architecture.md "Operations"). Public: they
 * carry no data beyond up or down. Not ready answers 503 with the same `data` in the envelope.
 */
export const opsApi = /*#__PURE__*/ endpointGroup('ops', {
  health: {
    method: 'GET',
    path: '/health',
    response: healthStatus,
    access: { public: true },
    summary: 'Liveness: the process answers (no dependency is checked)',
  },
  ready: {
    method: 'GET',
    path: '/ready',
    response: readiness,
    access: { public: true },
    errors: [503],
    summary: 'Readiness: the database answers, the MQTT side is up, the server is not shutting down (503 if not)',
  },
});
