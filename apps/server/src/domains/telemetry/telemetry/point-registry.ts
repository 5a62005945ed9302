import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pointOffsets } from '../../../db/config-schema';
import { devices, points, stations } from '../../../db/schema';
import { RegistrySnapshot } from './registry-snapshot';

/**
 * Stations, devices and points as ingest needs them, held in memory: (stationCode, sn) →
 * device with its points by code and calibration, and the virtual points' formulas. `reload()` swaps in a
 * fresh snapshot; the device APIs call it after changes, and it also runs periodically.
 */
export class PointRegistry {
  private current = new RegistrySnapshot([], [], []);
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners: ((s: RegistrySnapshot) => void)[] = [];

  constructor(private readonly db: Db) {}

  get snapshot(): RegistrySnapshot {
    return this.current;
  }

  /** Runs after every reload with the new snapshot. */
  onReload(listener: (s: RegistrySnapshot) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Loads the tables again. Calls during a reload share one further reload, so a change made
   * while loading is always seen by the time the returned promise settles.
   */
  reload(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          this.current = await this.load();
          for (const l of this.listeners) l(this.current);
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Reloads every `ms`; failures keep the previous snapshot and are reported to `onError`. */
  startPeriodic(ms: number, onError: (err: unknown) => void): void {
    this.stopPeriodic();
    this.timer = setInterval(() => this.reload().catch(onError), ms);
    this.timer.unref();
  }

  stopPeriodic(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async load(): Promise<RegistrySnapshot> {
    const [s, d, p] = await Promise.all([
      this.db.select({ id: stations.id, code: stations.code, timezone: stations.timezone }).from(stations),
      this.db
        .select({
          id: devices.id,
          stationId: devices.stationId,
          sn: devices.sn,
          type: devices.type,
          reportIntervalS: devices.reportIntervalS,
          mqttSecretHash: devices.mqttSecretHash,
        })
        .from(devices),
      this.db
        .select({
          id: points.id,
          deviceId: points.deviceId,
          code: points.code,
          kind: points.kind,
          min: points.min,
          max: points.max,
          counter: points.counter,
          formula: points.formula,
          scale: sql<number>`coalesce(${pointOffsets.scale}, 1)`.mapWith(Number),
          offset: sql<number>`coalesce(${pointOffsets.offset}, 0)`.mapWith(Number),
        })
        .from(points)
        .leftJoin(pointOffsets, eq(pointOffsets.pointId, points.id)),
    ]);
    return new RegistrySnapshot(s, d, p);
  }
}
