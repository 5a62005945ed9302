import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client';
import { activeCountsByLevel } from '../../domains/alarms/alarm';
import type { TelemetryBus } from '../../kernel/telemetry-bus';

/** The active-alarm count is read from the database on scrape; a slow database skips it. */
const ACTIVE_TIMEOUT_MS = 2000;

/**
 * Alarm series: raised and recovered events this instance's engine wrote (the bus `alarm`
 * event, which is not relayed between instances), and the active events of the whole
 * deployment by level (alarm_event rows not recovered; every instance reports the same).
 * Returns the remover of its bus listener.
 */
export function alarmMetrics(register: Registry, db: Db, bus: TelemetryBus): () => void {
  const changes = new Counter({
    name: 'ess_alarms_total',
    help: 'Alarm events raised, recovered or confirmed through this instance',
    labelNames: ['change'],
    registers: [register],
  });
  for (const change of ['raised', 'recovered', 'confirmed']) changes.inc({ change }, 0);
  new Gauge({
    name: 'ess_alarms_active',
    help: 'Active (not recovered) alarm events of the deployment, by level',
    labelNames: ['level'],
    registers: [register],
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      const rows = await Promise.race([
        activeCountsByLevel(db),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), ACTIVE_TIMEOUT_MS);
        }),
      ]).catch(() => null);
      clearTimeout(timer);
      if (!rows) return;
      this.reset();
      for (const r of rows) this.set({ level: String(r.level) }, r.n);
    },
  });
  return bus.on('alarm', ({ change, eventIds }) => {
    changes.inc({ change }, eventIds.length);
  });
}
