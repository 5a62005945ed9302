import type { AlarmLevel, DeviceType } from '@ess/contract';
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { devices } from '../../../db/schema';
import type { DeviceReadings, DeviceStatusChange, TelemetryBus } from '../../../kernel/telemetry-bus';
import type { RegistrySnapshot } from '../../telemetry/telemetry';
import { loadDefinitionRows, loadOverrideRows } from './alarm-definition.repository';
import { AlarmIndex, type DeviceRule } from './alarm-index';
import { crossedLimit, inAlarm, lostKey, offlineKey, parseRuleKey, recovered } from './alarm-rules';
import { activeKeys } from './alarm-store.repository';
import { AlarmWriter } from './alarm-writer';

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Levels of the built-in alarms (dictionary `alarmLevel`: 1 critical … 4 hint). */
const OFFLINE_LEVEL = 2;
const LOST_LEVEL = 1;
/** Offline for this many reporting intervals before the alarm (as the status tracker's silence rule). */
const OFFLINE_INTERVALS = 3;
const DEFAULT_INTERVAL_S = 10;
const SWEEP_MS = 1_000;

export type AlarmEngineDeps = {
  db: Db;
  bus: TelemetryBus;
  log: Log;
  /** The telemetry registry's current devices (null before it loaded). */
  snapshot: () => RegistrySnapshot | null;
  now?: () => number;
};

/**
 * Raises and recovers alarms from what the ingest committed (告警引擎). Every committed value
 * is checked against the rules of its device and point (an in-memory index, rebuilt when rules
 * or devices change); `nodata` rules and the grace of offline devices run on a one-second sweep,
 * device status comes from the status tracker. Which alarms are active is kept here and in alarm_event (loaded on start), so a
 * restart neither loses nor repeats one; hold timers restart with the process.
 */
export class AlarmEngine {
  private index: AlarmIndex = new AlarmIndex([], [], []);
  private readonly active = new Set<string>();
  /** When a value rule's condition began to hold (by value timestamps), for the hold time. */
  private readonly pending = new Map<string, number>();
  /** Newest sample time checked per rule: a relayed sample older than it came late and is skipped. */
  private readonly checkedTs = new Map<string, number>();
  /** Last time a `nodata` rule's point had a value (wall clock). */
  private readonly lastValue = new Map<string, number>();
  /** Online state of each station's EMS devices (the gateway: all offline = lost contact). */
  private readonly ems = new Map<number, Map<number, boolean>>();
  /** Devices and stations gone offline, until their grace runs out (then their alarm is raised). */
  private readonly pendingOffline = new Map<number, { stationId: number; type: DeviceType; at: number; due: number }>();
  private readonly pendingLost = new Map<number, { at: number; due: number }>();
  private readonly writer: AlarmWriter;
  private readonly off: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private rebuilding: Promise<void> | null = null;
  private rebuildAgain = false;
  private started = false;
  private readonly now: () => number;

  constructor(private readonly deps: AlarmEngineDeps) {
    this.writer = new AlarmWriter(deps.db, deps.bus, deps.log);
    this.now = deps.now ?? Date.now;
  }

  /** Number of rules in force (device × definition). */
  get rules(): number {
    return this.index.size;
  }

  async start(sweepMs = SWEEP_MS): Promise<void> {
    for (const k of await activeKeys(this.deps.db)) this.active.add(k);
    await this.rebuild();
    await this.reconcileStatus();
    const { bus } = this.deps;
    this.off.push(
      bus.on('committed', (batch) => this.onCommitted(batch)),
      // Several instances split a device's messages between them: each checks the whole stream
      // (a dip committed elsewhere resets a hold here); the dedup key keeps one event per alarm.
      bus.on('relayedCommitted', (batch) => this.onCommitted(batch, true)),
      bus.on('deviceStatus', (change) => this.onStatus(change)),
    );
    this.started = true;
    this.timer = setInterval(() => this.sweep(), sweepMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.started = false;
    for (const f of this.off) f();
    if (this.timer) clearInterval(this.timer);
    await this.rebuilding;
    await this.writer.close();
  }

  /** Everything raised or recovered so far is stored (tests). */
  flush(): Promise<void> {
    return this.writer.drain();
  }

  /**
   * Reloads definitions and overrides into a new index (after a change, or new devices). Active
   * rule alarms whose rule is gone or disabled recover now. Calls during a rebuild share one more.
   */
  rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.rebuildAgain = false;
        const [defs, overrides] = await Promise.all([loadDefinitionRows(this.deps.db), loadOverrideRows(this.deps.db)]);
        const snapshot = this.deps.snapshot();
        const index = new AlarmIndex(defs, overrides, snapshot ? snapshot.devicesById.values() : []);
        this.index = index;
        const now = this.now();
        const defined = new Set(defs.map((d) => d.definitionId));
        for (const key of this.active) {
          const rule = parseRuleKey(key);
          if (!rule || index.keys.has(key)) continue;
          // A device the registry does not know (yet) keeps its alarm: only a rule that is gone or
          // disabled for a known device recovers it.
          if (!defined.has(rule.definitionId) || snapshot?.devicesById.has(rule.deviceId)) this.recover(key, now);
        }
        for (const key of this.pending.keys()) if (!index.keys.has(key)) this.pending.delete(key);
      } while (this.rebuildAgain);
    })().finally(() => {
      this.rebuilding = null;
    });
    return this.rebuilding;
  }

  /** Keys whose alarm is active now (tests). */
  isActive(key: string): boolean {
    return this.active.has(key);
  }

  /** Checks `nodata` rules against the clock; runs every second. */
  sweep(): void {
    if (!this.started) return;
    const now = this.now();
    this.raiseStatusAlarms(now);
    for (const entry of this.index.nodata) {
      const last = this.lastValue.get(entry.key);
      // A rule first seen now starts counting now (not from before the process started).
      if (last === undefined) {
        this.lastValue.set(entry.key, now);
        continue;
      }
      if (!this.active.has(entry.key) && now - last >= entry.rule.threshold * 1000) {
        this.raise(entry, null, entry.rule.threshold, now);
      }
    }
  }

  private onCommitted(batch: DeviceReadings[], relayed = false): void {
    if (!this.started) return;
    const now = this.now();
    for (const r of batch) {
      const rules = this.index.byDevice.get(r.deviceId);
      if (rules) for (const entry of rules) this.check(entry, r.values, relayed);
    }
    if (this.index.nodata.length === 0) return;
    for (const r of batch) {
      for (const entry of this.index.nodataByDevice.get(r.deviceId) ?? []) {
        if (r.values[entry.rule.pointCode] === undefined) continue;
        this.lastValue.set(entry.key, now);
        if (this.active.has(entry.key)) this.recover(entry.key, now);
      }
    }
  }

  private check(entry: DeviceRule, values: DeviceReadings['values'], relayed: boolean): void {
    const sample = values[entry.rule.pointCode];
    if (!sample) return;
    const { key, rule } = entry;
    const newest = this.checkedTs.get(key) ?? Number.NEGATIVE_INFINITY;
    if (relayed && sample.ts < newest) return;
    if (sample.ts > newest) this.checkedTs.set(key, sample.ts);
    if (this.active.has(key)) {
      if (recovered(rule, sample.value)) this.recover(key, sample.ts);
      return;
    }
    if (!inAlarm(rule, sample.value)) {
      this.pending.delete(key);
      return;
    }
    const since = this.pending.get(key) ?? sample.ts;
    if (sample.ts - since >= rule.holdSeconds * 1000) {
      this.pending.delete(key);
      this.raise(entry, sample.value, crossedLimit(rule, sample.value), sample.ts);
    } else this.pending.set(key, since);
  }

  private raise(entry: DeviceRule, value: number | null, limit: number, at: number): void {
    const { key, rule, device } = entry;
    this.active.add(key);
    this.writer.raise({
      key,
      stationId: device.station.id,
      deviceId: device.id,
      deviceType: device.type,
      kind: 'rule',
      definitionId: rule.definitionId,
      pointCode: rule.pointCode,
      value,
      limit,
      level: rule.level,
      content: rule.content,
      raisedAt: at,
    });
  }

  private recover(key: string, at: number): void {
    this.active.delete(key);
    this.writer.recover({ key, at });
  }

  private onStatus(change: DeviceStatusChange): void {
    if (!this.started) return;
    const device = this.deps.snapshot()?.devicesById.get(change.deviceId);
    if (!device) return;
    this.deviceStatus(change.stationId, change.deviceId, device.type, change.online, change.at);
  }

  /**
   * A device's status. Going offline raises its alarm only once it stayed offline for three
   * reporting intervals (the tracker's rule for silent devices), so a server restart or a device
   * reconnecting raises nothing; the alarm then carries the time it went offline. A station whose
   * EMS devices (the gateway) are all offline has lost contact, on the same terms.
   */
  private deviceStatus(stationId: number, deviceId: number, type: DeviceType, online: boolean, at: number): void {
    const key = offlineKey(deviceId);
    const due = this.now() + this.graceMs(deviceId);
    if (online) {
      this.pendingOffline.delete(deviceId);
      if (this.active.has(key)) this.recover(key, at);
    } else if (!this.active.has(key) && !this.pendingOffline.has(deviceId)) {
      this.pendingOffline.set(deviceId, { stationId, type, at, due });
    }
    if (type !== 'ems') return;
    let gateways = this.ems.get(stationId);
    if (!gateways) {
      gateways = new Map();
      this.ems.set(stationId, gateways);
    }
    gateways.set(deviceId, online);
    const lost = lostKey(stationId);
    if ([...gateways.values()].some((o) => o)) {
      this.pendingLost.delete(stationId);
      if (this.active.has(lost)) this.recover(lost, at);
    } else if (!this.active.has(lost) && !this.pendingLost.has(stationId)) {
      this.pendingLost.set(stationId, { at, due });
    }
  }

  private graceMs(deviceId: number): number {
    const interval = this.deps.snapshot()?.devicesById.get(deviceId)?.reportIntervalS ?? DEFAULT_INTERVAL_S;
    return OFFLINE_INTERVALS * interval * 1000;
  }

  /** Offline and lost-contact alarms whose grace ran out. */
  private raiseStatusAlarms(now: number): void {
    for (const [deviceId, p] of this.pendingOffline) {
      if (p.due > now) continue;
      this.pendingOffline.delete(deviceId);
      this.statusAlarm(offlineKey(deviceId), 'offline', p.stationId, deviceId, p.type, OFFLINE_LEVEL, p.at);
    }
    for (const [stationId, p] of this.pendingLost) {
      if (p.due > now) continue;
      this.pendingLost.delete(stationId);
      this.statusAlarm(lostKey(stationId), 'lost', stationId, null, null, LOST_LEVEL, p.at);
    }
  }

  private statusAlarm(
    key: string,
    kind: 'offline' | 'lost',
    stationId: number,
    deviceId: number | null,
    deviceType: DeviceType | null,
    level: AlarmLevel,
    at: number,
  ): void {
    if (this.active.has(key)) return;
    this.active.add(key);
    this.writer.raise({
      key,
      stationId,
      deviceId,
      deviceType,
      kind,
      definitionId: null,
      pointCode: null,
      value: null,
      limit: null,
      level,
      content: '',
      raisedAt: at,
    });
  }

  /**
   * On start: the stored device status against the active offline and lost-contact alarms (a
   * status change may have been saved while its alarm was not, before a crash). Devices that never
   * reported are not expected to (stations being built) and raise nothing.
   */
  private async reconcileStatus(): Promise<void> {
    const rows = await this.deps.db
      .select({
        id: devices.id,
        stationId: devices.stationId,
        type: devices.type,
        status: devices.status,
        lastSeenAt: devices.lastSeenAt,
      })
      .from(devices)
      .where(isNotNull(devices.lastSeenAt));
    for (const d of rows) {
      const at = d.lastSeenAt?.getTime() ?? this.now();
      this.deviceStatus(d.stationId, d.id, d.type, d.status === 'online', at);
    }
  }
}
