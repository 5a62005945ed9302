import { Gauge, type Registry } from 'prom-client';
import type { RawDriver } from '../../db/client';

/**
 * `ess_db_pool_connections{state}`: the PostgreSQL pool's connections on scrape — `total`, `idle`
 * and `waiting` (calls queued for a connection). A request that waits for the pool waits outside
 * the event loop: this is where such a stall shows. Nothing on PGlite (no pool).
 */
export function dbPoolMetrics(register: Registry, raw: RawDriver): void {
  if (raw.kind !== 'postgres') return;
  const { pool } = raw;
  new Gauge({
    name: 'ess_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: calls queued for one)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
