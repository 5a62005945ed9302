import type { AgentStats } from './agent/agent-stats';
import type { BackfillProgress } from './backfill';
import { type CliArgs, parseCliArgs, USAGE, UsageError } from './cli/cli-args';
import { syntheticStations } from './cli/synthetic-stations';
import type { SimLogger } from './logger';
import { fetchPlatformFleet } from './platform-client';
import { type Simulation, type SimulationOptions, startSimulation } from './simulation';

const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
const DAY_MS = 86_400_000;

// Everything but the JSON summary goes to stderr, so `--json` output can be piped.
const log: SimLogger = {
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m) => process.stderr.write(`warn: ${m}\n`),
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function progressLine(p: BackfillProgress): string {
  const days = (ms: number) => (ms / DAY_MS).toFixed(1);
  return `backfill ${days(p.doneMs)}/${days(p.totalMs)} d  ${fmt(p.samples)} samples  ${fmt(p.points)} points  ${fmt(p.pointsPerS)} points/s`;
}

async function options(args: CliArgs): Promise<SimulationOptions> {
  const base: SimulationOptions = { url: args.url, stations: [], intervalMs: args.intervalMs, seed: args.seed, log };
  if (args.backfillMs !== null) {
    base.backfill = {
      fromMs: Date.now() - args.backfillMs,
      stepS: args.backfillStepS,
      onProgress: (p) => log.info(progressLine(p)),
    };
  }
  if (!args.api) return { ...base, stations: syntheticStations(args.stations, args.seed) };
  log.info(`signing in to ${args.api.url} as ${args.api.user}`);
  const fleet = await fetchPlatformFleet(args.api.url, args.api.user, args.api.password);
  log.info(`${fleet.stations.length} stations, ${fleet.credentials.size} device secrets issued`);
  return {
    ...base,
    stations: fleet.stations,
    credentials: fleet.credentials,
    includeDevice: (sn) => fleet.credentials.has(sn),
  };
}

/** Resolves after `ms`, or at Ctrl-C / SIGTERM (null `ms`: only then). */
function runFor(ms: number | null): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    const timer = ms === null ? null : setTimeout(done, ms);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

function summary(sim: Simulation, startedMs: number, backfill: BackfillProgress | null): Record<string, unknown> {
  const s: AgentStats = sim.stats();
  return {
    stations: sim.stations.length,
    devices: sim.stations.reduce((n, st) => n + st.agents.length, 0),
    messages: s.messages,
    samples: s.samples,
    points: s.points,
    acked: s.acked,
    errors: s.errors,
    dropped: s.dropped,
    commands: s.commands,
    seconds: Math.round((Date.now() - startedMs) / 100) / 10,
    ...(backfill ? { backfill } : {}),
  };
}

async function main(argv: string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }

  const startedMs = Date.now();
  let opts: SimulationOptions;
  try {
    opts = await options(args);
  } catch (e) {
    log.warn(`platform: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.failed;
  }
  let lastProgress: BackfillProgress | null = null;
  if (opts.backfill) {
    const report = opts.backfill.onProgress;
    opts.backfill.onProgress = (p) => {
      lastProgress = p;
      report?.(p);
    };
  }

  const sim = await startSimulation(opts);
  let code: number = EXIT.ok;
  if (sim.connectedDevices() === 0 && sim.stations.length > 0) {
    log.warn(`no device could connect to ${args.url}`);
    code = EXIT.failed;
  } else {
    try {
      for (const f of args.faults) sim.injectFault(f.sn, f.kind, f.seconds);
      for (const c of args.commandBehaviours) sim.setCommandBehaviour(c.target, c.behaviour);
      const liveMs = args.durationMs ?? (args.backfillMs !== null ? 0 : null);
      if (liveMs !== 0) await runFor(liveMs);
    } catch (e) {
      log.warn(e instanceof Error ? e.message : String(e));
      code = EXIT.usage;
    }
  }
  await sim.stop();
  const result = summary(sim, startedMs, lastProgress);
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else
    log.info(
      `done: ${fmt(Number(result.samples))} samples, ${fmt(Number(result.points))} points, ${fmt(Number(result.acked))} acked, ${fmt(Number(result.errors))} errors`,
    );
  return code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(EXIT.failed);
  },
);
