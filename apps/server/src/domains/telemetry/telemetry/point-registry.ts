import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pointOffsets } from '../../../db/config-schema';
import { devices, points, stations } from '../../../db/schema';
import { queryRows } from '../../stations/device';
import { RegistrySnapshot } from './registry-snapshot';

/**
 * Rows and row versions of the tables a snapshot reads: any insert, update or delete changes a
 * count or a sum of the rows' transaction ids (xmin).
 */
const FINGERPRINT = sql`SELECT concat_ws('/',
  (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM ${stations}),
  (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM ${devices}),
  (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM ${points}),
  (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM ${pointOffsets})) AS f`;

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
  /** The tables' fingerprint as the current snapshot read them (null: none read yet). */
  private loadedFingerprint: string | null = null;

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

  /**
   * Every `ms`, reloads if the tables changed since the last load (a change another instance
   * made whose `devicesChanged` the relay dropped); failures keep the previous snapshot and are
   * reported to `onError`.
   */
  startPeriodic(ms: number, onError: (err: unknown) => void): void {
    this.stopPeriodic();
    this.timer = setInterval(() => this.reloadIfChanged().catch(onError), ms);
    this.timer.unref();
  }

  /**
   * A fleet's 150,000 points take a few hundred milliseconds of the event loop to read and
   * index, so the periodic check first asks the database for the tables' fingerprint (a scan
   * there, nothing here) and reloads only if it differs from the one taken before the last load.
   */
  async reloadIfChanged(): Promise<boolean> {
    if (this.loadedFingerprint !== null && (await this.fingerprint()) === this.loadedFingerprint) return false;
    await this.reload();
    return true;
  }

  private async fingerprint(): Promise<string> {
    const [row] = await queryRows<{ f: string }>(this.db, FINGERPRINT);
    return row?.f ?? '';
  }

  stopPeriodic(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async load(): Promise<RegistrySnapshot> {
    // Taken before the rows: a change committed during the load differs from it, so the next check reloads.
    const fingerprint = await this.fingerprint();
    const snapshot = await this.read();
    this.loadedFingerprint = fingerprint;
    return snapshot;
  }

  private async read(): Promise<RegistrySnapshot> {
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
