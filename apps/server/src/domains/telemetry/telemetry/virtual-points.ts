import { evaluateFormula, type FormulaScope } from '@ess/contract';
import type { DeviceInfo, RegistrySnapshot } from './registry-snapshot';
import type { ValidationSink } from './telemetry-validator';

type Sample = { ts: number; value: number };

/**
 * Virtual points (formulas over the latest values of a station's points), recomputed when a
 * batch brings a newer sample of one of their inputs and stored with that batch. The sample
 * time is the newest input time, kept strictly increasing per point: a station whose devices
 * report the same instant across two batches yields two samples (the second complete)
 * rather than a second one that the primary key would discard.
 */
export class VirtualPointEngine {
  /** Latest sample of every formula input and every virtual point. */
  private readonly latest = new Map<number, Sample>();
  /** Virtual point id → newest input time that made it stale. */
  private readonly dirty = new Map<number, number>();
  private snapshot: RegistrySnapshot;
  private stale: (device: DeviceInfo) => void = () => {};

  constructor(snapshot: RegistrySnapshot) {
    this.snapshot = snapshot;
  }

  /** Adopts a new snapshot; `load` fetches stored latest values of points not yet known. */
  async sync(snapshot: RegistrySnapshot, load: (ids: number[]) => Promise<Map<number, Sample>>): Promise<void> {
    this.snapshot = snapshot;
    const wanted = [...snapshot.dependents.keys(), ...snapshot.virtualById.keys()].filter((id) => !this.latest.has(id));
    if (wanted.length === 0) return;
    for (const [id, s] of await load(wanted)) if (!this.latest.has(id)) this.latest.set(id, s);
  }

  /** Told which virtual device has a stale point, so that its writer computes it soon. */
  onStale(listener: (device: DeviceInfo) => void): void {
    this.stale = listener;
  }

  /** Sees every validated sample (hot path: one map lookup for points no formula reads). */
  readonly observe = (pointId: number, ts: number, value: number): void => {
    const deps = this.snapshot.dependents.get(pointId);
    if (!deps) return;
    const prev = this.latest.get(pointId);
    if (prev && prev.ts >= ts) return;
    this.latest.set(pointId, { ts, value });
    for (const vp of deps) {
      const t = this.dirty.get(vp.point.id);
      if (t === undefined || ts > t) this.dirty.set(vp.point.id, ts);
      if (t === undefined) this.stale(vp.device);
    }
  };

  /**
   * Evaluates the stale virtual points of the devices `owns` accepts (inputs before
   * dependents) into the batch; the others wait for their own writer.
   */
  compute(sink: ValidationSink, owns: (device: DeviceInfo) => boolean): number {
    let n = 0;
    for (let more = true; more; ) {
      more = false;
      const round = [...this.dirty]
        .map(([id, ts]) => ({ vp: this.snapshot.virtualById.get(id), ts, id }))
        .filter(({ vp }) => !vp || owns(vp.device))
        .sort((a, b) => (a.vp?.order ?? 0) - (b.vp?.order ?? 0));
      for (const { vp, ts, id } of round) {
        this.dirty.delete(id);
        if (!vp) continue;
        const value = evaluateFormula(vp.formula, this.scope(vp.device.station.id));
        if (value === undefined) continue;
        const prev = this.latest.get(id);
        const at = prev && prev.ts >= ts ? prev.ts + 1 : ts;
        sink.reading(vp.device, vp.point, at, value, 1);
        sink.deviceSeen(vp.device);
        this.latest.set(id, { ts: at, value });
        n++;
        // A virtual point read by another one of this writer: evaluate again in order.
        more ||= (this.snapshot.dependents.get(id) ?? []).some((d) => owns(d.device));
      }
    }
    return n;
  }

  private scope(stationId: number): FormulaScope {
    const latestOf = (id: number | undefined) => (id === undefined ? undefined : this.latest.get(id)?.value);
    return {
      ref: (sn, code) => latestOf(this.snapshot.stationPoint(stationId, sn, code)?.id),
      select: (type, code) =>
        this.snapshot
          .stationPoints(stationId, type, code)
          .map((p) => latestOf(p.id))
          .filter((v): v is number => v !== undefined),
    };
  }
}
