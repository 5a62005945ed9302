import type { RawDriver } from '../../db/client';
import type { Env } from '../../env';
import { NatsRelayTransport } from './nats-relay-transport';
import { PgRelayTransport } from './pg-relay-transport';
import { RedisRelayTransport } from './redis-relay-transport';
import type { RelayLog, RelayTransport } from './relay-transport';

/**
 * The relay's topic belongs to one deployment, named after its database: instances on one
 * database relay to each other, other deployments on the same Redis or NATS are not heard.
 */
export function relayScope(raw: RawDriver): string {
  const name = raw.kind === 'postgres' ? new URL(raw.url).pathname.replace(/^\//, '') : '';
  return (decodeURIComponent(name) || 'default').replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The transport RELAY names, or null where instances cannot share a database (PGlite is one
 * process: nothing to relay).
 */
export function createRelayTransport(
  env: Pick<Env, 'RELAY' | 'REDIS_URL' | 'NATS_URL'>,
  raw: RawDriver,
  log: RelayLog,
): RelayTransport | null {
  if (raw.kind !== 'postgres') return null;
  const scope = relayScope(raw);
  if (env.RELAY === 'redis' && env.REDIS_URL) {
    return new RedisRelayTransport({ url: env.REDIS_URL, channel: `ess-relay:${scope}`, log });
  }
  if (env.RELAY === 'nats' && env.NATS_URL) {
    return new NatsRelayTransport({ url: env.NATS_URL, subject: `ess.relay.${scope}`, log });
  }
  return new PgRelayTransport({ url: raw.url, pool: raw.pool, channel: 'ess_telemetry_relay', log });
}
