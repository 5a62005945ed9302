import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type CommandBehaviour, parseCommandBehaviour } from '../station/command-behaviour';
import { type FaultRequest, parseFaultRequest } from '../station/faults';
import { parseDuration } from './durations';

export type CliArgs = {
  help: boolean;
  url: string;
  stations: number;
  intervalMs: number;
  api: { url: string; user: string; password: string } | null;
  backfillMs: number | null;
  backfillStepS: number;
  faults: FaultRequest[];
  /** How devices answer commands (`*` = all), in order. */
  commandBehaviours: { target: string; behaviour: CommandBehaviour }[];
  /** Live run length; null runs until interrupted. */
  durationMs: number | null;
  json: boolean;
  seed: number;
};

export const USAGE = `Station simulator: devices of energy-storage stations speaking the platform's MQTT protocol.

Usage: npm run simulator -- [options]

  --url <mqtt-url>          broker (default mqtt://127.0.0.1:1883)
  --stations <N>            N synthetic stations SIM-0001… (default 1 when --api is not given)
  --api <http-url>          instead: the platform's stations and devices, with fresh device secrets
  --user <name>             platform user for --api (an administrator)
  --password <password>     its password
  --interval <duration>     reporting interval (default 10s)
  --backfill <duration>     first publish history from now − duration to now, then exit
                            (or continue live with --duration)
  --backfill-step <dur>     step of the backfill (default 5m)
  --fault <sn>:<kind>[:s]   inject a fault for s seconds (default 300); kind is
                            overTemperature, cellOverVoltage or commLoss; repeatable
  --commands <[sn=]mode>    how devices answer commands: normal, fail ("simulated failure")
                            or silent (no answer: the platform times out); sn= for one
                            device, else all; repeatable, later ones win
  --duration <duration>     run live this long, then stop (default: until Ctrl-C)
  --seed <n>                random seed (default 1)
  --json                    print a JSON summary at the end
  --help                    this text

Durations: 500ms, 10s, 5m, 2h, 30d. Exit codes: 0 done, 1 failed (platform or broker), 2 bad usage.`;

export class UsageError extends Error {}

const duration = (flag: string, v: string): number => {
  const ms = parseDuration(v);
  if (ms === null || ms <= 0) throw new UsageError(`${flag}: not a duration: ${v}`);
  return ms;
};

function fault(v: string): FaultRequest {
  const f = parseFaultRequest(v);
  if ('problem' in f) throw new UsageError(`--fault: ${f.problem}`);
  return f;
}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
  url: { type: 'string' },
  stations: { type: 'string' },
  interval: { type: 'string' },
  api: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  backfill: { type: 'string' },
  'backfill-step': { type: 'string' },
  fault: { type: 'string', multiple: true },
  commands: { type: 'string', multiple: true },
  duration: { type: 'string' },
  seed: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** The option or argument a `parseArgs` error names (its first quoted word). */
const named = (message: string): string => /'([^' ]+)/.exec(message)?.[1] ?? message;

/** `parseArgs`' errors in this CLI's words. */
function usageError(e: unknown): UsageError | null {
  if (!(e instanceof TypeError) || !('code' in e)) return null;
  const name = named(e.message);
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`unknown option ${name}`);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (e.message.includes('does not take an argument')) return new UsageError(`${name} takes no value`);
      // A value that starts with a dash reads as the next option unless given after '='.
      if (e.message.includes('ambiguous'))
        return new UsageError(`${name} needs a value (${name}=<value> if it starts with -)`);
      return new UsageError(`${name} needs a value`);
    default:
      return null;
  }
}

/** The options as typed strings and flags; unknown options, positionals and missing values throw. */
function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw usageError(e) ?? e;
  }
}

/** Parses the command line (without node and script); throws UsageError on anything unknown or malformed. */
export function parseCliArgs(argv: string[]): CliArgs {
  const values = parseOptions(argv);
  const a: CliArgs = {
    help: values.help ?? false,
    url: values.url ?? 'mqtt://127.0.0.1:1883',
    stations: 0,
    intervalMs: 10_000,
    api: null,
    backfillMs: null,
    backfillStepS: 300,
    faults: [],
    commandBehaviours: [],
    durationMs: null,
    json: values.json ?? false,
    seed: 1,
  };
  if (!/^(mqtts?|wss?|tcp):\/\//.test(a.url)) throw new UsageError(`--url: not an MQTT URL: ${a.url}`);
  if (values.stations !== undefined) {
    a.stations = Number(values.stations);
    if (!Number.isInteger(a.stations) || a.stations < 1)
      throw new UsageError(`--stations: a positive integer, got ${values.stations}`);
  }
  if (values.interval !== undefined) a.intervalMs = duration('--interval', values.interval);
  if (values.backfill !== undefined) a.backfillMs = duration('--backfill', values.backfill);
  if (values['backfill-step'] !== undefined)
    a.backfillStepS = duration('--backfill-step', values['backfill-step']) / 1000;
  a.faults = (values.fault ?? []).map(fault);
  a.commandBehaviours = (values.commands ?? []).map((v) => {
    try {
      return parseCommandBehaviour(v);
    } catch (e) {
      throw new UsageError(`--commands: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  if (values.duration !== undefined) {
    const ms = parseDuration(values.duration);
    if (ms === null) throw new UsageError(`--duration: not a duration: ${values.duration}`);
    a.durationMs = ms;
  }
  if (values.seed !== undefined) {
    a.seed = Number(values.seed);
    if (!Number.isInteger(a.seed)) throw new UsageError(`--seed: an integer, got ${values.seed}`);
  }
  const { api, user = null, password = null } = values;
  if (api !== undefined) {
    if (!user || password === null) throw new UsageError('--api needs --user and --password');
    if (a.stations > 0) throw new UsageError('--api and --stations exclude each other');
    a.api = { url: api, user, password };
  } else if (user !== null || password !== null) throw new UsageError('--user and --password go with --api');
  else if (a.stations === 0) a.stations = 1;
  return a;
}
