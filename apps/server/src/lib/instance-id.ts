import { hostname } from 'node:os';
import type { Env } from '../env';

/**
 * This server instance's name: MQTT_CLIENT_ID, else one derived from the host name. Stable
 * across restarts, so what an instance left behind (its broker sessions, its commands in
 * flight) is recognised as its own when it comes back.
 */
export function instanceId(env: Pick<Env, 'MQTT_CLIENT_ID'>): string {
  return env.MQTT_CLIENT_ID ?? `ess-ingest-${hostname().replace(/[^A-Za-z0-9._-]/g, '-')}`.slice(0, 40);
}
