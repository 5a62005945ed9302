import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices } from '../../../db/schema';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import type { DeviceInfo } from './registry-snapshot';

type State = { stationId: number; online: boolean; lastSeen: number; intervalMs: number };
type Log = { warn: (obj: object, msg: string) => void };

/** Data missing for this many reporting intervals means offline (domain.md). */
const MISSED_INTERVALS = 3;

/**
 * Online/offline of devices: online when data (or `{"online": true}`) arrives, offline on
 * `{"online": false}` (also the last will) or when no data came for 3× the reporting
 * interval. Changes are emitted at once and written to biz_device in the background, with
 * last-seen times coalesced (one write per device per persist round).
 */
export class DeviceStatusTracker {
  private readonly states = new Map<number, State>();
  private readonly dirty = new Set<number>();
  private persisting: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly bus: TelemetryBus,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads the stored state of every device. */
  async load(all: Iterable<DeviceInfo>): Promise<void> {
    const rows = await this.db
      .select({ id: devices.id, status: devices.status, lastSeenAt: devices.lastSeenAt })
      .from(devices);
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const d of all) {
      const row = stored.get(d.id);
      this.states.set(d.id, {
        stationId: d.station.id,
        online: row?.status === 'online',
        lastSeen: row?.lastSeenAt?.getTime() ?? 0,
        intervalMs: d.reportIntervalS * 1000,
      });
    }
  }

  /** After a registry reload: new devices start offline, intervals follow edits. */
  sync(all: Iterable<DeviceInfo>): void {
    for (const d of all) {
      const s = this.states.get(d.id);
      if (s) s.intervalMs = d.reportIntervalS * 1000;
      else
        this.states.set(d.id, {
          stationId: d.station.id,
          online: false,
          lastSeen: 0,
          intervalMs: d.reportIntervalS * 1000,
        });
    }
  }

  /** Data of these devices was committed. */
  seen(devs: Iterable<DeviceInfo>): void {
    const at = this.now();
    for (const d of devs) this.set(d, true, at);
  }

  /** The device's status topic (or its last will). */
  report(device: DeviceInfo, online: boolean): void {
    this.set(device, online, this.now());
  }

  /** Marks devices offline whose data stopped; runs every `ms`. */
  start(ms: number): void {
    this.timer = setInterval(() => {
      this.check();
      void this.persist();
    }, ms);
    this.timer.unref();
  }

  check(): void {
    const now = this.now();
    for (const [id, s] of this.states) {
      if (s.online && now - s.lastSeen > MISSED_INTERVALS * s.intervalMs) this.change(id, s, false, now);
    }
  }

  /** Whether data or an online status of the device arrived at or after `at` (not only loaded as stored). */
  heardSince(deviceId: number, at: number): boolean {
    return (this.states.get(deviceId)?.lastSeen ?? 0) >= at;
  }

  isOnline(deviceId: number): boolean {
    return this.states.get(deviceId)?.online ?? false;
  }

  /** Writes pending changes; later calls wait for the one running. */
  persist(): Promise<void> {
    if (this.persisting) return this.persisting;
    if (this.dirty.size === 0) return Promise.resolve();
    const ids = [...this.dirty];
    this.dirty.clear();
    const rows = ids.flatMap((id) => {
      const s = this.states.get(id);
      return s ? [{ id, status: s.online ? 'online' : 'offline', seen: s.lastSeen > 0 ? s.lastSeen : null }] : [];
    });
    this.persisting = this.db
      .execute(
        sql`UPDATE ${devices} AS d SET status = v.status,
              last_seen_at = CASE WHEN v.seen IS NULL THEN d.last_seen_at
                                  ELSE timestamptz 'epoch' + v.seen * interval '1 millisecond' END
            FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id integer, status text, seen double precision)
            WHERE d.id = v.id`,
      )
      .then(
        () => {},
        (err: unknown) => {
          // Kept for the next round (the database may be down for a while).
          for (const id of ids) this.dirty.add(id);
          this.log.warn({ err }, 'device status not saved; will retry');
        },
      )
      .finally(() => {
        this.persisting = null;
      });
    return this.persisting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.persisting;
    await this.persist();
  }

  private set(device: DeviceInfo, online: boolean, at: number): void {
    if (this.closed) return;
    let s = this.states.get(device.id);
    if (!s) {
      s = { stationId: device.station.id, online: !online, lastSeen: 0, intervalMs: device.reportIntervalS * 1000 };
      this.states.set(device.id, s);
    }
    if (online) s.lastSeen = Math.max(s.lastSeen, at);
    this.dirty.add(device.id);
    if (s.online !== online) this.change(device.id, s, online, at);
  }

  private change(id: number, s: State, online: boolean, at: number): void {
    s.online = online;
    this.dirty.add(id);
    this.bus.emit('deviceStatus', { stationId: s.stationId, deviceId: id, online, at });
    void this.persist();
  }
}
