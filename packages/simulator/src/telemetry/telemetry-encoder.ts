import type { DeviceModelDef, PointDef, TelemetryMessage } from '@ess/contract';
import type { PointValues } from '../devices/sim-device';
import { roundTo } from '../physics/numeric';

/** Slow points travel with every this-many-th message (and always in the first). */
export const SLOW_EVERY = 6;
/**
 * A slow point with alarm limits that moved this share of its plausible range since it was last
 * sent travels at once (report by exception with a deadband, as a BMS reports a cell heating
 * towards runaway): 0.8 °C of the cell temperature's −40…120 °C, 10 mV of the cell voltage's 2–4 V.
 */
export const DEADBAND_SHARE = 0.005;

/** The points a device publishes: its model's telemetry and status points, never setpoints or controls. */
export const reportedPoints = (model: DeviceModelDef): PointDef[] =>
  model.points.filter((p) => p.kind === 'telemetry' || p.kind === 'status');

/**
 * Turns a device's readings into telemetry messages: values rounded to each point's
 * precision; `fast` points every interval, the rest every SLOW_EVERY-th and whenever a status
 * point changed (a pile that starts charging sends its vehicle SOC with the new state, not a
 * minute later); a slow point with limits also whenever it left its deadband. A model without fast points sends its status points every interval instead,
 * so the device never looks silent (online means data within 3× the interval). A value the
 * device does not have (undefined, e.g. no vehicle on a pile) is not sent.
 */
export class TelemetryEncoder {
  private count = 0;
  private readonly all: PointDef[];
  private readonly every: PointDef[];
  private readonly status: PointDef[];
  /** Slow points with alarm limits and a plausible range, with their deadband. */
  private readonly banded: { point: PointDef; deadband: number }[];
  /** The value of each banded point as last sent. */
  private readonly sent = new Map<string, number>();
  private lastStatus = '';

  constructor(model: DeviceModelDef) {
    this.all = reportedPoints(model);
    this.status = this.all.filter((p) => p.kind === 'status');
    const fast = this.all.filter((p) => p.fast);
    this.every = fast.length > 0 ? fast : this.status;
    this.banded = this.all
      .filter((p) => !this.every.includes(p) && p.limit && p.min !== undefined && p.max !== undefined)
      .map((p) => ({ point: p, deadband: ((p.max ?? 0) - (p.min ?? 0)) * DEADBAND_SHARE }));
  }

  encode(values: PointValues, ts: number): TelemetryMessage {
    const status = this.status.map((p) => values[p.code]).join('|');
    const changed = status !== this.lastStatus;
    this.lastStatus = status;
    const full = this.count % SLOW_EVERY === 0 || changed;
    this.count++;
    const points = full ? this.all : [...this.every, ...this.moved(values)];
    const out: Record<string, number> = {};
    for (const p of points) {
      const v = values[p.code];
      if (v !== undefined && Number.isFinite(v)) out[p.code] = roundTo(v, p.precision);
    }
    for (const { point } of this.banded) {
      const v = out[point.code];
      if (v !== undefined) this.sent.set(point.code, v);
    }
    return { ts, values: out };
  }

  /** Banded points whose value left the deadband around what was last sent. */
  private moved(values: PointValues): PointDef[] {
    return this.banded
      .filter(({ point, deadband }) => {
        const v = values[point.code];
        const last = this.sent.get(point.code);
        return v !== undefined && Number.isFinite(v) && last !== undefined && Math.abs(v - last) >= deadband;
      })
      .map((b) => b.point);
  }
}
