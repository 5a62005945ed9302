import type { Readiness, ReadyCheck } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Lifecycle } from './lifecycle';
import { probeTcp } from './tcp-probe';

/** Where the MQTT side should answer, or null when telemetry is off. */
export type MqttTarget = { host: string; port: number } | { notStarted: true } | null;

export type ReadinessDeps = {
  db: Db;
  lifecycle: Lifecycle;
  /** Read at every check: the embedded broker's address exists only once telemetry started. */
  mqtt: () => MqttTarget;
  /** A check without an answer this long is down. */
  timeoutMs?: number;
  /** Probes are shared for this long, so a busy prober does not become database load. */
  cacheMs?: number;
};

const DEFAULT_TIMEOUT_MS = 2000;
const DEFAULT_CACHE_MS = 1000;

type Probed = { at: number; checks: ReadyCheck[] };

/**
 * Readiness of this instance: `SELECT 1` answers within the timeout, the MQTT side accepts
 * connections (the embedded broker listens, or the external broker is reachable from here), and
 * the server is not shutting down. The probes of concurrent calls are shared.
 */
export class ReadinessService {
  private last: Probed | null = null;
  private running: Promise<Probed> | null = null;

  constructor(private readonly deps: ReadinessDeps) {}

  async check(): Promise<Readiness> {
    const { checks } = await this.probed();
    const server: ReadyCheck = this.deps.lifecycle.shuttingDown
      ? { name: 'server', state: 'down', reason: 'shuttingDown', ms: 0 }
      : { name: 'server', state: 'up', reason: null, ms: 0 };
    const all = [...checks, server];
    return { ready: all.every((c) => c.state !== 'down'), checks: all };
  }

  private probed(): Promise<Probed> {
    const cacheMs = this.deps.cacheMs ?? DEFAULT_CACHE_MS;
    if (this.last && Date.now() - this.last.at < cacheMs) return Promise.resolve(this.last);
    if (!this.running) {
      this.running = Promise.all([this.database(), this.mqtt()])
        .then((checks) => {
          this.last = { at: Date.now(), checks };
          return this.last;
        })
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  private async database(): Promise<ReadyCheck> {
    const started = performance.now();
    const timeoutMs = this.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const query = this.deps.db.execute(sql`SELECT 1`).then(
      () => null,
      () => 'error' as const,
    );
    try {
      const reason = await Promise.race([query, timeout]);
      return { name: 'database', state: reason ? 'down' : 'up', reason, ms: elapsed(started) };
    } finally {
      clearTimeout(timer);
    }
  }

  private async mqtt(): Promise<ReadyCheck> {
    const started = performance.now();
    const target = this.deps.mqtt();
    if (target === null) return { name: 'mqtt', state: 'off', reason: null, ms: 0 };
    if ('notStarted' in target) return { name: 'mqtt', state: 'down', reason: 'notStarted', ms: 0 };
    const r = await probeTcp(target.host, target.port, this.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    return { name: 'mqtt', state: r.ok ? 'up' : 'down', reason: r.ok ? null : r.reason, ms: elapsed(started) };
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/** Where to probe a listening address: a wildcard bind is reached on loopback. */
export function probeHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

/** Host and port of an mqtt:// or mqtts:// URL (default ports 1883 and 8883). */
export function mqttUrlTarget(url: string): { host: string; port: number } {
  const u = new URL(url);
  const port = u.port ? Number(u.port) : u.protocol === 'mqtts:' ? 8883 : 1883;
  return { host: u.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
