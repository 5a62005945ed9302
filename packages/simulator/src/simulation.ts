import type { CommandAck } from '@ess/contract';
import { type AgentStats, addStats, emptyStats } from './agent/agent-stats';
import { DeviceAgent } from './agent/device-agent';
import { type UpgradeBehaviour, UpgradeBehaviours } from './agent/firmware-upgrade';
import { type BackfillProgress, runBackfill } from './backfill';
import type { PointValues } from './devices/sim-device';
import { type SimLogger, silentLogger } from './logger';
import { type CommandBehaviour, CommandBehaviours } from './station/command-behaviour';
import { type DemoStation, startDemoFaults } from './station/demo-faults';
import type { FaultKind } from './station/faults';
import type { SimStation } from './station/sim-station';
import { StationModel } from './station/station-model';
import type { StationRuntime } from './station-runtime';
import { TelemetryEncoder } from './telemetry/telemetry-encoder';

/** Device secrets by serial: a map, or a function (e.g. reading the platform's store). */
export type Credentials = ReadonlyMap<string, string> | ((sn: string) => string | undefined);

export type SimulationOptions = {
  /** Broker URL, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  stations: SimStation[];
  /** MQTT password of each device; a device without one connects with its user name only. */
  credentials?: Credentials;
  /** Reporting interval; default 10 s (the platform's default `reportIntervalS`). */
  intervalMs?: number;
  /** Seed of every random draw; the same seed gives the same station behaviour. */
  seed?: number;
  log?: SimLogger;
  /** Devices to run (default all of each layout), e.g. only those the platform knows. */
  includeDevice?: (sn: string) => boolean;
  /** The platform's last counter readings by serial, so counters continue across restarts. */
  lastCounters?: (sn: string) => PointValues | undefined;
  /** Hours simulated silently before the first report so SOC and temperatures start plausible; default 24. */
  warmupHours?: number;
  /** Publishes history first (see backfill.ts); the live run then continues from its end. */
  backfill?: { fromMs: number; stepS: number; onProgress?: (p: BackfillProgress) => void };
  /**
   * Aborts a start in progress (a backfill can take minutes): the backfill ends after its
   * current round, no live reporting starts, and the devices disconnect.
   */
  signal?: AbortSignal;
  /** Agent tuning for tests. */
  reconnectPeriodMs?: number;
  /**
   * The demo's own faults (station/demo-faults.ts): a hot rack in the afternoon, a device off
   * the network, a cell imbalance, now and then and recovering, drawn from the seed. Off unless set.
   */
  demoFaults?: boolean;
  /** How devices answer commands from the start (`*` = all); see setCommandBehaviour. */
  commandBehaviours?: { target: string; behaviour: CommandBehaviour }[];
  /** How devices take firmware upgrades from the start (`*` = all); see setUpgradeBehaviour. */
  upgradeBehaviours?: { target: string; behaviour: UpgradeBehaviour }[];
  /** The firmware each device runs at start, by serial (default 1.0.0). */
  firmware?: (sn: string) => string | undefined;
};

export type SimulatedStation = { model: StationModel; agents: DeviceAgent[] };

export type Simulation = {
  /** Announces every device offline and disconnects. */
  stop(): Promise<void>;
  /** Starts a fault on a device for `seconds`; throws for an unknown device or a fault it cannot have. */
  injectFault(sn: string, kind: FaultKind, seconds: number): void;
  /**
   * How a device (`*`: every device) answers commands from now on: normally, with failure
   * ("simulated failure"), or not at all (the platform's timeout). Throws for an unknown device.
   */
  setCommandBehaviour(target: string, behaviour: CommandBehaviour): void;
  /**
   * How a device (`*`: every device) takes a firmware upgrade from now on: normally, failing
   * verification, losing power once mid-download, or keeping its old version. Throws for an unknown device.
   */
  setUpgradeBehaviour(target: string, behaviour: UpgradeBehaviour): void;
  stations: SimulatedStation[];
  stats(): AgentStats;
  /** Agents that hold a live connection now. */
  connectedDevices(): number;
};

const WARMUP_STEP_S = 300;

/** Thrown by startSimulation when its signal aborted the start; the devices are disconnected. */
export class SimulationAborted extends Error {
  constructor() {
    super('simulation start aborted');
    this.name = 'SimulationAborted';
  }
}

const secretOf = (c: Credentials | undefined, sn: string): string | undefined =>
  c === undefined ? undefined : typeof c === 'function' ? c(sn) : c.get(sn);

/**
 * Runs stations against a broker: each device a model slice and an MQTT agent, one timer
 * stepping the physics and publishing at the interval. The platform calls this in-process on
 * `npm start`; the CLI calls it for demos, load tests and backfills.
 */
export async function startSimulation(o: SimulationOptions): Promise<Simulation> {
  const log = o.log ?? silentLogger;
  const intervalMs = o.intervalMs ?? 10_000;
  const seed = o.seed ?? 1;
  const begin = o.backfill ? o.backfill.fromMs : Date.now();
  const warmupMs = (o.warmupHours ?? 24) * 3_600_000;

  const runtimes: StationRuntime[] = [];
  const demo = new Map<StationRuntime, DemoStation>();
  const behaviours = new CommandBehaviours();
  const upgrades = new UpgradeBehaviours();
  for (const s of o.stations) {
    if (s.type === 'proposed') continue;
    const model = new StationModel(s, { seed, start: new Date(begin - warmupMs) });
    model.advance(new Date(begin), WARMUP_STEP_S);
    if (o.lastCounters) model.restoreCounters(o.lastCounters);
    const channels: StationRuntime['channels'] = new Map();
    for (const d of model.devices) {
      const sn = d.layout.sn;
      if (o.includeDevice && !o.includeDevice(sn)) continue;
      const agent = new DeviceAgent({
        url: o.url,
        stationCode: s.code,
        sn,
        password: secretOf(o.credentials, sn),
        log,
        reconnectPeriodMs: o.reconnectPeriodMs,
        firmware: o.firmware?.(sn),
        upgradeBehaviour: () => upgrades.of(sn),
        onCommand: (cmd): CommandAck | null => {
          if (model.faults.active(sn, 'commLoss', new Date())) return null;
          // Model time: a setpoint's 15 minutes count in the simulation's clock (also during a backfill).
          const ack = behaviours.answer(sn, cmd.id, () => model.answer(sn, cmd, model.time));
          log.info(`${sn}: command ${cmd.id} ${JSON.stringify(cmd.points)} → ${ack?.status ?? 'no answer'}`);
          return ack;
        },
      });
      channels.set(sn, { agent, encoder: new TelemetryEncoder(d.model) });
    }
    const runtime = { model, channels };
    runtimes.push(runtime);
    const devices = model.devices.filter((d) => channels.has(d.layout.sn)).map((d) => d.layout);
    demo.set(runtime, { code: s.code, timezone: s.timezone, devices });
  }

  const all = runtimes.flatMap((r) => [...r.channels.values()].map((a) => a.agent));
  const connected = (await Promise.all(all.map((a) => a.start()))).filter(Boolean).length;
  log.info(`simulator: ${runtimes.length} stations, ${all.length} devices, ${connected} connected to ${o.url}`);

  if (o.backfill) {
    await runBackfill(
      runtimes,
      { untilMs: Date.now(), stepS: o.backfill.stepS, onProgress: o.backfill.onProgress, signal: o.signal },
      log,
    );
  }
  if (o.signal?.aborted) {
    await Promise.all(all.map((a) => a.stop()));
    throw new SimulationAborted();
  }

  const tick = () => {
    const now = new Date();
    for (const r of runtimes) {
      const dtS = (now.getTime() - r.model.time.getTime()) / 1000;
      if (dtS <= 0) continue;
      try {
        const station = o.demoFaults ? demo.get(r) : undefined;
        const started = station ? startDemoFaults(r.model, station, seed, r.model.time.getTime(), now.getTime()) : [];
        for (const f of started) log.info(`simulator: demo ${f.kind} on ${f.sn} for ${f.seconds} s`);
        r.model.step(dtS, now);
        for (const [sn, { agent, encoder }] of r.channels) {
          agent.setLinkDown(r.model.faults.active(sn, 'commLoss', now));
          const values = r.model.readings(sn);
          if (values) agent.send(encoder.encode(values, now.getTime()));
        }
      } catch (e) {
        // One station's failure must not stop the others (nor the platform that hosts them).
        log.warn(`${r.model.code}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };
  tick();
  const timer = setInterval(tick, intervalMs);

  const find = (sn: string) => runtimes.find((r) => r.model.device(sn));
  const setCommandBehaviour = (target: string, behaviour: CommandBehaviour) => {
    if (target !== '*' && !find(target)) throw new Error(`unknown device ${target}`);
    behaviours.set(target, behaviour);
    log.info(`${target}: commands answered ${behaviour}`);
  };
  for (const b of o.commandBehaviours ?? []) setCommandBehaviour(b.target, b.behaviour);
  const setUpgradeBehaviour = (target: string, behaviour: UpgradeBehaviour) => {
    if (target !== '*' && !find(target)) throw new Error(`unknown device ${target}`);
    upgrades.set(target, behaviour);
    log.info(`${target}: firmware upgrades taken ${behaviour}`);
  };
  for (const b of o.upgradeBehaviours ?? []) setUpgradeBehaviour(b.target, b.behaviour);
  return {
    stations: runtimes.map((r) => ({ model: r.model, agents: [...r.channels.values()].map((a) => a.agent) })),
    async stop() {
      clearInterval(timer);
      await Promise.all(all.map((a) => a.stop()));
    },
    injectFault(sn, kind, seconds) {
      const r = find(sn);
      if (!r) throw new Error(`unknown device ${sn}`);
      r.model.injectFault(sn, kind, seconds, new Date());
      if (kind === 'commLoss') r.channels.get(sn)?.agent.setLinkDown(true);
      log.info(`${sn}: ${kind} for ${seconds} s`);
    },
    setCommandBehaviour,
    setUpgradeBehaviour,
    stats: () => all.reduce((s, a) => addStats(s, a.stats), emptyStats()),
    connectedDevices: () => all.filter((a) => a.online).length,
  };
}
