import type { DeviceModelDef, PointDef, TelemetryMessage } from '@ess/contract';
import type { PointValues } from '../devices/sim-device';
import { roundTo } from '../physics/numeric';

/** Slow points travel with every this-many-th message (and always in the first). */
export const SLOW_EVERY = 6;

/** The points a device publishes: its model's telemetry and status points, never setpoints or controls. */
export const reportedPoints = (model: DeviceModelDef): PointDef[] =>
  model.points.filter((p) => p.kind === 'telemetry' || p.kind === 'status');

/**
 * Turns a device's readings into telemetry messages: values rounded to each point's
 * precision; `fast` points every interval, the rest every SLOW_EVERY-th and whenever a status
 * point changed (a pile that starts charging sends its vehicle SOC with the new state, not a
 * minute later). A model without fast points sends its status points every interval instead,
 * so the device never looks silent (online means data within 3× the interval). A value the
 * device does not have (undefined, e.g. no vehicle on a pile) is not sent.
 */
export class TelemetryEncoder {
  private count = 0;
  private readonly all: PointDef[];
  private readonly every: PointDef[];
  private readonly status: PointDef[];
  private lastStatus = '';

  constructor(model: DeviceModelDef) {
    this.all = reportedPoints(model);
    this.status = this.all.filter((p) => p.kind === 'status');
    const fast = this.all.filter((p) => p.fast);
    this.every = fast.length > 0 ? fast : this.status;
  }

  encode(values: PointValues, ts: number): TelemetryMessage {
    const status = this.status.map((p) => values[p.code]).join('|');
    const changed = status !== this.lastStatus;
    this.lastStatus = status;
    const points = this.count % SLOW_EVERY === 0 || changed ? this.all : this.every;
    this.count++;
    const out: Record<string, number> = {};
    for (const p of points) {
      const v = values[p.code];
      if (v !== undefined && Number.isFinite(v)) out[p.code] = roundTo(v, p.precision);
    }
    return { ts, values: out };
  }
}
