import { type FaultKind, isFaultKind } from '../station/faults';
import { parseDuration } from './durations';

export type FaultRequest = { sn: string; kind: FaultKind; seconds: number };

export type CliArgs = {
  help: boolean;
  url: string;
  stations: number;
  intervalMs: number;
  api: { url: string; user: string; password: string } | null;
  backfillMs: number | null;
  backfillStepS: number;
  faults: FaultRequest[];
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
  const [sn = '', kind = '', seconds = '300'] = v.split(':');
  if (!sn || !isFaultKind(kind))
    throw new UsageError(`--fault: expected <sn>:<overTemperature|cellOverVoltage|commLoss>[:seconds], got ${v}`);
  const s = Number(seconds);
  if (!(s > 0)) throw new UsageError(`--fault: seconds must be positive, got ${seconds}`);
  return { sn, kind, seconds: s };
}

/** Parses the command line (without node and script); throws UsageError on anything unknown or malformed. */
export function parseCliArgs(argv: string[]): CliArgs {
  const a: CliArgs = {
    help: false,
    url: 'mqtt://127.0.0.1:1883',
    stations: 0,
    intervalMs: 10_000,
    api: null,
    backfillMs: null,
    backfillStepS: 300,
    faults: [],
    durationMs: null,
    json: false,
    seed: 1,
  };
  let api: string | null = null;
  let user: string | null = null;
  let password: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    const [name, inline] = flag.includes('=')
      ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)]
      : [flag, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--')))
        throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case '--help':
      case '-h':
        a.help = true;
        break;
      case '--json':
        a.json = true;
        break;
      case '--url':
        a.url = value();
        if (!/^(mqtts?|wss?|tcp):\/\//.test(a.url)) throw new UsageError(`--url: not an MQTT URL: ${a.url}`);
        break;
      case '--stations': {
        const v = value();
        a.stations = Number(v);
        if (!Number.isInteger(a.stations) || a.stations < 1)
          throw new UsageError(`--stations: a positive integer, got ${v}`);
        break;
      }
      case '--interval':
        a.intervalMs = duration(name, value());
        break;
      case '--api':
        api = value();
        break;
      case '--user':
        user = value();
        break;
      case '--password':
        password = value();
        break;
      case '--backfill':
        a.backfillMs = duration(name, value());
        break;
      case '--backfill-step':
        a.backfillStepS = duration(name, value()) / 1000;
        break;
      case '--fault':
        a.faults.push(fault(value()));
        break;
      case '--duration': {
        const v = value();
        const ms = parseDuration(v);
        if (ms === null) throw new UsageError(`--duration: not a duration: ${v}`);
        a.durationMs = ms;
        break;
      }
      case '--seed': {
        const v = value();
        a.seed = Number(v);
        if (!Number.isInteger(a.seed)) throw new UsageError(`--seed: an integer, got ${v}`);
        break;
      }
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
  }
  if (api !== null) {
    if (!user || password === null) throw new UsageError('--api needs --user and --password');
    if (a.stations > 0) throw new UsageError('--api and --stations exclude each other');
    a.api = { url: api, user, password };
  } else if (user !== null || password !== null) throw new UsageError('--user and --password go with --api');
  else if (a.stations === 0) a.stations = 1;
  return a;
}
