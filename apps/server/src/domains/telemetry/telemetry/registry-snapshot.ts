import { type DeviceType, type FormulaNode, formulaInputs, type PointKind, parseFormula } from '@ess/contract';

export type PointInfo = {
  id: number;
  code: string;
  kind: PointKind;
  min: number | null;
  max: number | null;
  counter: boolean;
  /** Calibration (offset settings): ingest stores raw × scale + offset. */
  scale: number;
  offset: number;
};

export type StationInfo = { id: number; code: string; timezone: string };

export type DeviceInfo = {
  id: number;
  station: StationInfo;
  sn: string;
  type: DeviceType;
  reportIntervalS: number;
  secretHash: string | null;
  /** Every point of the device by code (virtual points included). */
  points: ReadonlyMap<string, PointInfo>;
};

export type VirtualPoint = {
  point: PointInfo;
  device: DeviceInfo;
  formula: FormulaNode;
  /** Position in evaluation order: a virtual point that reads another comes after it. */
  order: number;
};

export type Resolved =
  | { ok: true; device: DeviceInfo }
  | { ok: false; reason: 'unknownStation' | 'unknownDevice' | 'wrongStation' };

export type StationRow = { id: number; code: string; timezone: string };
export type DeviceRow = {
  id: number;
  stationId: number;
  sn: string;
  type: DeviceType;
  reportIntervalS: number;
  mqttSecretHash: string | null;
};
export type PointRow = PointInfo & { deviceId: number; formula: string | null };

/** An immutable view of stations, devices and points; the registry swaps whole snapshots. */
export class RegistrySnapshot {
  readonly stationsByCode = new Map<string, StationInfo>();
  readonly devicesBySn = new Map<string, DeviceInfo>();
  readonly devicesById = new Map<number, DeviceInfo>();
  private readonly devicesByStation = new Map<number, DeviceInfo[]>();
  /** Virtual points in evaluation order. */
  readonly virtualPoints: VirtualPoint[] = [];
  readonly virtualById = new Map<number, VirtualPoint>();
  /** Point id (real or virtual) → the virtual points whose formula reads it. */
  readonly dependents = new Map<number, VirtualPoint[]>();
  /** The zone most stations use; the roll-up statement only names the others per point. */
  readonly defaultTimezone: string;
  /** Formulas that could not be used, for the log. */
  readonly formulaErrors: string[] = [];

  constructor(stations: StationRow[], devices: DeviceRow[], points: PointRow[]) {
    const stationsById = new Map<number, StationInfo>();
    const zones = new Map<string, number>();
    for (const s of stations) {
      const info = { id: s.id, code: s.code, timezone: s.timezone };
      this.stationsByCode.set(s.code, info);
      stationsById.set(s.id, info);
      zones.set(s.timezone, (zones.get(s.timezone) ?? 0) + 1);
    }
    this.defaultTimezone = [...zones].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Asia/Shanghai';

    const pointsByDevice = new Map<number, Map<string, PointInfo>>();
    for (const p of points) {
      const m = pointsByDevice.get(p.deviceId) ?? new Map<string, PointInfo>();
      pointsByDevice.set(p.deviceId, m);
      m.set(p.code, {
        id: p.id,
        code: p.code,
        kind: p.kind,
        min: p.min,
        max: p.max,
        counter: p.counter,
        scale: p.scale,
        offset: p.offset,
      });
    }
    for (const d of devices) {
      const station = stationsById.get(d.stationId);
      if (!station) continue;
      const info: DeviceInfo = {
        id: d.id,
        station,
        sn: d.sn,
        type: d.type,
        reportIntervalS: d.reportIntervalS,
        secretHash: d.mqttSecretHash,
        points: pointsByDevice.get(d.id) ?? new Map(),
      };
      this.devicesBySn.set(d.sn, info);
      this.devicesById.set(d.id, info);
      const list = this.devicesByStation.get(station.id);
      if (list) list.push(info);
      else this.devicesByStation.set(station.id, [info]);
    }
    this.indexFormulas(points.filter((p) => p.formula !== null));
  }

  /** (stationCode, sn) from a topic → the device, or why not. */
  resolve(stationCode: string, sn: string): Resolved {
    const station = this.stationsByCode.get(stationCode);
    if (!station) return { ok: false, reason: 'unknownStation' };
    const device = this.devicesBySn.get(sn);
    if (!device) return { ok: false, reason: 'unknownDevice' };
    if (device.station.id !== station.id) return { ok: false, reason: 'wrongStation' };
    return { ok: true, device };
  }

  /** A point of a device of the station (formula references). */
  stationPoint(stationId: number, sn: string, code: string): PointInfo | undefined {
    const d = this.devicesBySn.get(sn);
    return d?.station.id === stationId ? d.points.get(code) : undefined;
  }

  /** That point of every device of a type in the station (formula selectors). */
  stationPoints(stationId: number, type: DeviceType, code: string): PointInfo[] {
    const out: PointInfo[] = [];
    for (const d of this.devicesByStation.get(stationId) ?? []) {
      const p = d.type === type ? d.points.get(code) : undefined;
      if (p) out.push(p);
    }
    return out;
  }

  /** The point ids a formula reads within its station. */
  private inputsOf(formula: FormulaNode, station: StationInfo): number[] {
    const { refs, selects } = formulaInputs(formula);
    const ids: number[] = [];
    for (const r of refs) {
      const p = this.stationPoint(station.id, r.sn, r.code);
      if (p) ids.push(p.id);
    }
    for (const s of selects) for (const p of this.stationPoints(station.id, s.type, s.code)) ids.push(p.id);
    return ids;
  }

  private indexFormulas(rows: PointRow[]): void {
    const pending = new Map<number, { vp: Omit<VirtualPoint, 'order'>; inputs: number[] }>();
    for (const row of rows) {
      const device = this.devicesById.get(row.deviceId);
      const point = device?.points.get(row.code);
      if (!device || !point || row.formula === null) continue;
      try {
        const formula = parseFormula(row.formula);
        pending.set(point.id, { vp: { point, device, formula }, inputs: this.inputsOf(formula, device.station) });
      } catch (err) {
        this.formulaErrors.push(`${device.sn}.${row.code}: ${(err as Error).message}`);
      }
    }
    // Evaluation order: a virtual point comes after the virtual points it reads; cycles are dropped.
    while (pending.size > 0) {
      let progressed = false;
      for (const [id, { vp, inputs }] of pending) {
        if (inputs.some((i) => pending.has(i) && i !== id)) continue;
        if (inputs.includes(id)) continue;
        const entry: VirtualPoint = { ...vp, order: this.virtualPoints.length };
        this.virtualPoints.push(entry);
        this.virtualById.set(id, entry);
        for (const i of inputs) {
          const list = this.dependents.get(i);
          if (list) list.push(entry);
          else this.dependents.set(i, [entry]);
        }
        pending.delete(id);
        progressed = true;
      }
      if (!progressed) {
        for (const { vp } of pending.values()) this.formulaErrors.push(`${vp.device.sn}.${vp.point.code}: circular`);
        break;
      }
    }
  }
}
