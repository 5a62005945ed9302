import { grown } from '../../../lib/typed-arrays';
import type { QuarantineEntry } from './quarantine';
import type { DeviceInfo, PointInfo } from './registry-snapshot';
import type { ValidationSink } from './telemetry-validator';

/** Called once the message's data (or its quarantine entry) is committed, or with why it was not. */
export type Done = (err?: Error) => void;

export const DAY_MS = 86_400_000;

/** Per device of the batch: the row of the newest sample of each point code. */
type DeviceRows = { device: DeviceInfo; rows: Record<string, number> };

/**
 * The samples and quarantine entries of the messages that one transaction writes, in column
 * arrays (no object per sample), with the acknowledgements to release after its commit.
 */
export class IngestBatch implements ValidationSink {
  rows = 0;
  /** Per sample: ts_msg's device_id and part (1: a virtual point's sample, its device_id minus the point's id). */
  deviceIds: Int32Array;
  parts: Uint8Array;
  pointIds: Int32Array;
  ts: Float64Array;
  values: Float64Array;
  readonly quarantined: QuarantineEntry[] = [];
  readonly dones: Done[] = [];
  /** Newest sample per point code of each device, for the `committed` event. */
  readonly devices = new Map<number, DeviceRows>();
  readonly seen = new Set<DeviceInfo>();
  /** Devices whose station is not in the default zone: their daily roll-ups need the zone named. */
  readonly zoneDevices = new Set<DeviceInfo>();
  /** UTC days of the samples: the partitions this batch needs. */
  readonly days = new Set<number>();
  messages = 0;
  /** When the first message arrived (the flush timer runs from here). */
  openedAt = 0;
  private lastDay = Number.NaN;

  constructor(
    private readonly defaultTimezone: string,
    private readonly observe: (pointId: number, ts: number, value: number) => void,
    capacity = 1024,
  ) {
    this.deviceIds = new Int32Array(capacity);
    this.parts = new Uint8Array(capacity);
    this.pointIds = new Int32Array(capacity);
    this.ts = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  get empty(): boolean {
    return this.messages === 0 && this.rows === 0 && this.quarantined.length === 0;
  }

  reading(device: DeviceInfo, point: PointInfo, ts: number, value: number, part: 0 | 1 = 0): void {
    if (this.rows === this.pointIds.length) this.grow();
    const i = this.rows++;
    // A virtual point's samples are a series of their own (ts_msg, telemetry-schema.ts).
    this.deviceIds[i] = part === 1 ? -point.id : device.id;
    this.parts[i] = part;
    this.pointIds[i] = point.id;
    this.ts[i] = ts;
    this.values[i] = value;
    const day = Math.floor(ts / DAY_MS);
    if (day !== this.lastDay) {
      this.days.add(day);
      this.lastDay = day;
    }
    let entry = this.devices.get(device.id);
    if (!entry) {
      entry = { device, rows: {} };
      this.devices.set(device.id, entry);
      if (device.station.timezone !== this.defaultTimezone) this.zoneDevices.add(device);
    }
    const prev = entry.rows[point.code];
    if (prev === undefined || ts >= (this.ts[prev] ?? 0)) entry.rows[point.code] = i;
    this.observe(point.id, ts, value);
  }

  /** Newest value and time of each point code of a device of the batch. */
  newest(rows: Record<string, number>): Record<string, { value: number; ts: number }> {
    // No prototype: a code never reads an inherited member (codes are checked, this is the net).
    const out: Record<string, { value: number; ts: number }> = Object.create(null);
    for (const code in rows) {
      const i = rows[code] ?? 0;
      out[code] = { value: this.values[i] ?? 0, ts: this.ts[i] ?? 0 };
    }
    return out;
  }

  quarantine(entry: QuarantineEntry): void {
    this.quarantined.push(entry);
  }

  deviceSeen(device: DeviceInfo): void {
    this.seen.add(device);
  }

  /** Rows that count against the pending limit (quarantine rows are written too). */
  get weight(): number {
    return this.rows + this.quarantined.length;
  }

  private grow(): void {
    const n = this.pointIds.length * 2;
    this.deviceIds = grown(this.deviceIds, new Int32Array(n));
    this.parts = grown(this.parts, new Uint8Array(n));
    this.pointIds = grown(this.pointIds, new Int32Array(n));
    this.ts = grown(this.ts, new Float64Array(n));
    this.values = grown(this.values, new Float64Array(n));
  }
}
