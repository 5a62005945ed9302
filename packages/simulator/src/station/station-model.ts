import { type CommandPayload, DEFAULT_TIMEZONE, EXAMPLE_TOU_SEGMENTS } from '@ess/contract';
import { AirConditioner } from '../devices/air-conditioner';
import { Bms } from '../devices/bms';
import type { BuildingLoad } from '../devices/building-load';
import { Cabinet } from '../devices/cabinet';
import type { ChargingPile } from '../devices/charging-pile';
import { EMS_MODE, type Ems } from '../devices/ems';
import type { Meter } from '../devices/meter';
import type { PvInverter } from '../devices/pv-inverter';
import type { PointValues, SimDevice } from '../devices/sim-device';
import type { StorageUnit } from '../devices/storage-unit';
import type { Enclosure } from '../physics/enclosure';
import { rngFor } from '../physics/random';
import { SiteEnvironment } from '../physics/site-environment';
import type { SiteGrid } from '../physics/site-grid';
import { checkCommandPoints } from './commands';
import { stationOwnSource, stationSource, unitSource } from './control-arbiter';
import { FAULT_TARGETS, FaultBook, type FaultKind } from './faults';
import { parsePlanCurve, planCurveStep } from './plan-curve';
import type { SimStation } from './sim-station';
import { buildStationDevices } from './station-devices';
import type { StationProfile } from './station-profile';
import { dispatchStorage } from './storage-dispatch';
import { TouPlanner } from './tou-planner';
import { type TouWindow, touWindows } from './tou-schedule';

/** Longest physics step; longer steps (backfill) are cut into these so the thermal coupling stays stable. */
const MAX_SUBSTEP_S = 60;

/** The power flows of the last step, kW: grid = load − PV − storage, exactly. */
export type StationBalance = {
  buildingKw: number;
  chargerKw: number;
  /** Air conditioning of the batteries (station auxiliary consumption). */
  auxKw: number;
  /** Everything the load meter sees: building + chargers + auxiliary. */
  loadKw: number;
  pvKw: number;
  /** > 0 discharge. */
  storageKw: number;
  /** > 0 import. */
  gridKw: number;
};

/** The EMS's decision of the last step, kW (> 0 discharge). */
export type StationDispatch = {
  /** What the TOU strategy planned (null while a station setpoint or a stop overrides it). */
  plannedKw: number | null;
  /** What all units together could have discharged in the step. */
  dischargeCapacityKw: number;
  /** A unit or station setpoint was in force. */
  overridden: boolean;
};

export type CommandOutcome = { status: 'success' | 'failure'; message?: string };

export type StationModelOptions = {
  seed: number;
  /** The instant the model's state describes before its first step. */
  start: Date;
};

/**
 * One station, composed from its layout (stationLayout): the devices, the building load
 * behind the load meter, and the EMS logic that runs storage on the station's TOU strategy
 * (tou-planner.ts) within SOC, power, demand and anti-backflow limits. Every step keeps
 * grid = load − PV − storage.
 */
export class StationModel {
  readonly code: string;
  readonly devices: SimDevice[];
  readonly env: SiteEnvironment;
  readonly faults = new FaultBook();
  readonly balance: StationBalance = {
    buildingKw: 0,
    chargerKw: 0,
    auxKw: 0,
    loadKw: 0,
    pvKw: 0,
    storageKw: 0,
    gridKw: 0,
  };
  readonly dispatchInfo: StationDispatch = { plannedKw: null, dischargeCapacityKw: 0, overridden: false };
  /** The station's own strategy, grid connection, building and battery state (station-profile.ts). */
  readonly profile: StationProfile;
  /** The TOU cut's windows: what storage does when. */
  readonly windows: TouWindow[];
  readonly grid: SiteGrid;
  time: Date;

  private readonly bySn = new Map<string, SimDevice>();
  private readonly units: StorageUnit[];
  private readonly enclosures: Enclosure[];
  private readonly pvs: PvInverter[];
  private readonly piles: ChargingPile[];
  private readonly meters: Meter[];
  private readonly airConditioners: AirConditioner[];
  private readonly building: BuildingLoad;
  private readonly ems: Ems | null;
  private readonly planner: TouPlanner;

  constructor(
    readonly station: SimStation,
    o: StationModelOptions,
  ) {
    this.code = station.code;
    this.time = o.start;
    this.windows = touWindows(station.touSegments ?? EXAMPLE_TOU_SEGMENTS);
    const rng = (...labels: string[]) => rngFor(o.seed, station.code, ...labels);
    this.env = new SiteEnvironment(
      { code: station.code, latitude: station.latitude, longitude: station.longitude },
      station.timezone ?? DEFAULT_TIMEZONE,
      rng('site'),
    );
    this.env.update(o.start, 0);
    const parts = buildStationDevices(station, this.env, rng, o.start);
    this.devices = parts.devices;
    this.units = parts.units;
    this.enclosures = parts.enclosures;
    this.pvs = parts.pvs;
    this.piles = parts.piles;
    this.meters = parts.meters;
    this.airConditioners = parts.devices.filter((d): d is AirConditioner => d instanceof AirConditioner);
    this.ems = parts.ems;
    this.building = parts.building;
    this.profile = parts.profile;
    this.grid = parts.grid;
    this.planner = new TouPlanner(this.windows, this.profile.strategy);
    for (const d of this.devices) this.bySn.set(d.layout.sn, d);
  }

  device(sn: string): SimDevice | undefined {
    return this.bySn.get(sn);
  }

  /** Storage units (PCS or cabinets) in layout order. */
  get storageUnits(): readonly StorageUnit[] {
    return this.units;
  }

  /** Advances the model to `t`, `dtS` seconds after its current time. */
  step(dtS: number, t: Date): void {
    const n = Math.max(1, Math.ceil(dtS / MAX_SUBSTEP_S));
    const from = t.getTime() - dtS * 1000;
    for (let i = 1; i <= n; i++) this.substep(dtS / n, new Date(from + (dtS * 1000 * i) / n));
    this.time = t;
  }

  /** Runs from the current time to `until` in steps of `stepS`, without reporting (warm-up). */
  advance(until: Date, stepS: number): void {
    while (this.time.getTime() < until.getTime()) {
      const next = Math.min(until.getTime(), this.time.getTime() + stepS * 1000);
      this.step((next - this.time.getTime()) / 1000, new Date(next));
    }
  }

  readings(sn: string): PointValues | undefined {
    return this.bySn.get(sn)?.readings();
  }

  /** Restores counters from what the platform last stored, so they continue across restarts. */
  restoreCounters(lastCounters: (sn: string) => PointValues | undefined): void {
    for (const d of this.devices) {
      const last = lastCounters(d.layout.sn);
      if (last) d.restoreCounters?.(last);
    }
  }

  /** Applies a command `{code: value}` to a device, all points or none. */
  command(sn: string, points: Record<string, number>, t: Date): CommandOutcome {
    const d = this.bySn.get(sn);
    if (!d) return { status: 'failure', message: `unknown device ${sn}` };
    const problem = checkCommandPoints(d.model, points, (code) => d.pointRange?.(code));
    if (problem) return { status: 'failure', message: problem };
    const refused = d.refuse?.(points);
    if (refused) return { status: 'failure', message: refused };
    for (const [code, value] of Object.entries(points)) d.apply?.(code, value, t);
    return { status: 'success' };
  }

  /** Answers a command of any kind this model executes: point values, or a plan curve for the EMS. */
  answer(sn: string, cmd: Pick<CommandPayload, 'kind' | 'points' | 'config'>, t: Date): CommandOutcome {
    return cmd.kind === 'planCurve' ? this.planCurve(sn, cmd.config, t) : this.command(sn, cmd.points, t);
  }

  /**
   * A plan curve for the station's EMS: checked, then followed (mode 2) until another mode is
   * set. By the control precedence (docs/control-precedence.md) it is refused while the EMS is
   * stopped (local control), and it takes control from remote setpoints: the station `pSet` and
   * every unit's own are released, so the plan is what the station runs.
   */
  planCurve(sn: string, config: unknown, t: Date = this.time): CommandOutcome {
    const ems = this.ems;
    if (!ems || ems.layout.sn !== sn) return { status: 'failure', message: `${sn} is not the station's EMS` };
    const r = parsePlanCurve(config);
    if ('error' in r) return { status: 'failure', message: r.error };
    if (!ems.running) return { status: 'failure', message: 'EMS stopped (local control): start it to run a plan' };
    ems.acceptPlan(r.plan);
    const released = this.units.filter((u) => u.releaseSetpoint(t)).map((u) => u.layout.sn);
    return released.length > 0
      ? { status: 'success', message: `setpoints released: ${released.join(', ')}`.slice(0, 500) }
      : { status: 'success' };
  }

  /** Starts a fault on a device for `seconds`; throws when the device cannot have it. */
  injectFault(sn: string, kind: FaultKind, seconds: number, t: Date): void {
    const d = this.bySn.get(sn);
    if (!d) throw new Error(`unknown device ${sn} in station ${this.code}`);
    const targets = FAULT_TARGETS[kind];
    if (targets !== 'any' && !targets.includes(d.layout.type))
      throw new Error(`${kind} needs a battery (${targets.join(' or ')}); ${sn} is a ${d.layout.type}`);
    if (!(seconds > 0)) throw new Error('a fault lasts a positive number of seconds');
    this.faults.inject(sn, kind, seconds, t);
  }

  private substep(dtS: number, t: Date): void {
    const env = this.env;
    env.update(t, dtS);
    this.applyFaults(t);

    for (const pv of this.pvs) pv.step(dtS);
    for (const pile of this.piles) pile.step(dtS);
    this.building.step(dtS);
    for (const e of this.enclosures) e.control(env.ambientC);
    // Their own meters count the draw the enclosures' control just decided.
    for (const ac of this.airConditioners) ac.step(dtS);
    const b = this.balance;
    b.pvKw = this.pvs.reduce((s, p) => s + p.powerKw, 0);
    b.chargerKw = this.piles.reduce((s, p) => s + p.powerKw, 0);
    b.auxKw = this.enclosures.reduce((s, e) => s + e.cooling.electricKw, 0);
    b.buildingKw = this.building.powerKw;
    b.loadKw = b.buildingKw + b.chargerKw + b.auxKw;

    this.dispatch(dtS, t);
    for (const u of this.units) u.step(dtS, t);
    for (const e of this.enclosures) e.step(dtS, env.ambientC, env.sunFactor);
    b.storageKw = this.units.reduce((s, u) => s + u.powerKw, 0);
    b.gridKw = b.loadKw - b.pvKw - b.storageKw;

    const loadQ = this.building.reactiveKvar + 0.05 * b.chargerKw + 0.5 * b.auxKw;
    const storageQ = this.units.reduce((s, u) => s + u.reactiveKvar, 0);
    this.grid.update(b.gridKw, loadQ - storageQ);
    for (const m of this.meters) {
      if (m.role === 'gateway') m.measure(b.gridKw, loadQ - storageQ);
      else if (m.role === 'storage') m.measure(b.storageKw, storageQ);
      else if (m.role === 'pv') m.measure(b.pvKw, 0);
      else m.measure(b.loadKw, loadQ);
      m.step(dtS);
    }
    this.ems?.step(dtS, t);
  }

  private applyFaults(t: Date): void {
    for (const d of this.devices) {
      const battery = d instanceof Bms ? d.battery : d instanceof Cabinet ? d.batteries[0] : undefined;
      if (!battery) continue;
      battery.overTemperature = this.faults.active(d.layout.sn, 'overTemperature', t);
      battery.overVoltage = this.faults.active(d.layout.sn, 'cellOverVoltage', t);
    }
  }

  /**
   * The EMS: a station setpoint, or the TOU strategy's plan; unit setpoints win for their
   * unit; grid import stays below the contracted demand while storage can help. A stopped
   * EMS (`runControl` 0) holds storage idle, demand limit included.
   */
  private dispatch(dtS: number, t: Date): void {
    const ems = this.ems;
    const running = ems?.running ?? true;
    const bounds = this.units.map((u) => ({
      ratedKw: u.ratedKw,
      chargeKw: u.chargeLimitKw(dtS),
      dischargeKw: u.dischargeLimitKw(dtS),
      overrideKw: running ? u.overrideKw(t) : null,
    }));
    const stationSetpoint = running ? (ems?.overrideKw(t) ?? null) : 0;
    const mode = ems?.selectedMode ?? EMS_MODE.strategy;
    let planned: number | null = null;
    let limits = bounds;
    // The step's command is decided at its start: a window that opens at 08:00 works from 08:00 on.
    const minute = (this.env.clock.minuteOfDay - dtS / 60 + 1440) % 1440;
    if (stationSetpoint === null && mode === EMS_MODE.strategy) {
      const free = this.units.filter((u, i) => u.available && bounds[i]?.overrideKw === null);
      planned = this.planner.plan(minute, t.getTime() - dtS * 1000, free);
    } else if (stationSetpoint === null && mode === EMS_MODE.planCurve) {
      this.planner.reset();
      const step = planCurveStep(ems?.plan ?? null, minute, this.units, bounds);
      planned = step.targetKw;
      limits = step.bounds;
    } else this.planner.reset();
    const b = this.balance;
    const demandLimit = running ? this.profile.strategy.demandLimitKw : Number.POSITIVE_INFINITY;
    const powers = dispatchStorage(planned ?? stationSetpoint ?? 0, limits, b.loadKw - b.pvKw, demandLimit);
    this.units.forEach((u, i) => {
      u.command = powers[i] ?? 0;
    });
    this.dispatchInfo.plannedKw = planned;
    this.dispatchInfo.dischargeCapacityKw = bounds.reduce((s, u) => s + u.dischargeKw, 0);
    this.dispatchInfo.overridden = stationSetpoint !== null || bounds.some((u) => u.overrideKw !== null);
    this.recordControl(mode, running, stationSetpoint !== null && running, bounds, t);
  }

  /** Who decided this step, station and units, by the control precedence (control-arbiter.ts). */
  private recordControl(
    mode: number,
    running: boolean,
    stationSetpoint: boolean,
    bounds: { overrideKw: number | null }[],
    t: Date,
  ): void {
    const own = stationOwnSource({
      emsStopped: !running,
      stationSetpoint,
      mode: mode === EMS_MODE.planCurve ? 'planCurve' : mode === EMS_MODE.strategy ? 'strategy' : 'manual',
    });
    const units = this.units.map((u, i) => {
      const source = unitSource({ fault: u.fault, running: u.running, setpoint: bounds[i]?.overrideKw != null }, own);
      u.control.update(source, t);
      return { source, available: u.available };
    });
    this.ems?.control.update(stationSource(own, units), t);
  }
}
