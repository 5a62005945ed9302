/**
 * API benchmark (issue 16): the server under a control room's load.
 *
 *   npm run bench:api -- --json [--verbose] [--operators 100] [--ramp S] [--seconds 30]
 *                                [--connections 100] [--loop-seconds 10] [--backfill-hours 2] [--cpu-prof DIR]
 *
 * The real server (bench/api-target.ts) on a fresh PostgreSQL database with DATABASE_URL, else
 * PGlite, with the simulator feeding the demo stations.
 * 1. Operators (bench/api-operator.ts), started evenly over --ramp seconds (default
 *    max(30, operators / 8): at most ~8 sign-ins a second, each a scrypt hash of ~80 ms of CPU
 *    that the server's password gate admits a few at a time), each signing in as
 *    `operator` with its own session, loading the frame and a station's home page, holding its
 *    live sockets and polling as the web app does; then --seconds with all of them in.
 *    `p50Ms`/`p99Ms`: every operator call answered in that steady window; `errors`: failed calls
 *    (HTTP status, envelope code, timeout, connection) and socket failures over the whole run.
 * 2. A closed loop of --connections connections for --loop-seconds on the station list
 *    (`closedLoopRps`), then the same on a bare Fastify route (`helloRps`); `ratio` between them
 *    is the share of the framework's speed left after the platform's fixed cost per request.
 * `machine.loadavg` is read before the run: how busy other work left the machine. --verbose adds
 * per-call figures, the CPU of the server and of the bench, how many operators got in, and
 * `signInRetries`: sign-ins answered 503 PASSWORD_BUSY and tried again after Retry-After, and
 * `stalls`: where the steady window's slow calls waited (bench/api-stalls.ts).
 * --cpu-prof DIR writes the server's CPU profiles of the steady window and of the closed loop on
 * the station list there
 * (bench/api-profile.ts).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { endpointPath, ResultCode, shellApi } from '@ess/contract';
import { signIn } from '../apps/server/src/test/server-process';
import { Recorder } from './api-client';
import { closedLoop, helloLoop } from './api-closed-loop';
import { Operator } from './api-operator';
import { PROFILE_NODE_OPTIONS, profileServer } from './api-profile';
import { sampleStalls } from './api-stalls';
import { startTarget } from './api-target';
import { BENCH_DEMO_PASSWORD } from './bench-session';
import { SMOKE, sized } from './smoke';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    operators: { type: 'string', default: sized('100', '4') },
    ramp: { type: 'string', ...(SMOKE ? { default: '1' } : {}) },
    seconds: { type: 'string', default: sized('30', '3') },
    connections: { type: 'string', default: sized('100', '4') },
    'loop-seconds': { type: 'string', default: sized('10', '2') },
    'backfill-hours': { type: 'string', default: sized('2', '0') },
    'cpu-prof': { type: 'string' },
  },
});
const operatorCount = Number(args.operators);
// Default: sign-ins at most ~8/s (see the header).
const rampMs = (args.ramp !== undefined ? Number(args.ramp) : Math.max(30, operatorCount / 8)) * 1000;
const steadyMs = Number(args.seconds) * 1000;
const connections = Number(args.connections);
const loopSeconds = Number(args['loop-seconds']);
const t0 = performance.now();
const say = (msg: string) => {
  if (!args.json) console.error(`[${((performance.now() - t0) / 1000).toFixed(0)} s] ${msg}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The seeded operator account every simulated operator signs in as (its own session each). */
const USERNAME = 'operator';

// Before this run adds its own: how busy the machine already was.
const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model ?? '',
  loadavg: loadavg().map((x) => Number(x.toFixed(2))),
};
const target = await startTarget({
  backfillHours: Number(args['backfill-hours']),
  nodeOptions: args['cpu-prof'] ? PROFILE_NODE_OPTIONS : undefined,
  say,
});
try {
  const { port, http: base } = target.server;
  const serverPid = target.server.child.pid ?? 0;

  // 1. Operators.
  const rec = new Recorder();
  let steady = { serverCpuPct: 0, benchCpuPct: 0, benchLoopDelayP99Ms: 0 };
  let loaded = 0;
  let signInRetries = 0;
  let stalls: Awaited<ReturnType<ReturnType<typeof sampleStalls>>> | null = null;
  if (operatorCount > 0) {
    say(`${operatorCount} operators over ${rampMs / 1000} s, then ${steadyMs / 1000} s steady…`);
    const operators = Array.from(
      { length: operatorCount },
      (_, i) => new Operator({ base, port, username: USERNAME, password: BENCH_DEMO_PASSWORD, index: i, rec }),
    );
    const started = operators.map(async (op, i) => {
      await sleep((i * rampMs) / operatorCount);
      await op.start();
    });
    await Promise.all([sleep(rampMs), ...started]);
    // Steady from here: every operator has loaded its page (a slow sign-in stretches the ramp).
    const cpu = cpuMeter(serverPid);
    // The bench's own event loop: a stall here delays the answers it times, not the server's.
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    rec.measureFrom = performance.now();
    const stopSampling = args.verbose ? sampleStalls(base, target.pool) : null;
    const stopSteadyProfile = args['cpu-prof'] ? await profileServer(target.server.lines, args['cpu-prof']) : null;
    say(`all ${operatorCount} operators in, ${operators.filter((op) => op.loaded).length} with their page loaded`);
    await sleep(steadyMs);
    rec.measureTo = performance.now();
    stalls = stopSampling ? await stopSampling(rec.slow) : null;
    if (stopSteadyProfile) console.error(`server CPU profile of the steady window: ${await stopSteadyProfile()}`);
    steady = { ...cpu(), benchLoopDelayP99Ms: Math.round(benchLoop.percentile(99) / 1e6) };
    benchLoop.disable();
    loaded = operators.filter((op) => op.loaded).length;
    signInRetries = operators.reduce((n, op) => n + op.signInRetries, 0);
    for (const op of operators) op.stop();
    // Calls still in flight are recorded (errors count; their latency is outside the window).
    await sleep(1000);
  }
  const ops = rec.summary();

  // 2. Closed loops: the station list as `operator`, then the hello-world.
  const token = await signIn(port, USERNAME, BENCH_DEMO_PASSWORD);
  const url = `${base}/api${endpointPath(shellApi.stationTree)}`;
  const request = {
    method: shellApi.stationTree.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: 'en_US' },
    body: '{}',
  };
  // autocannon counts statuses only: one call first shows the answer is the success envelope.
  const probe = (await (await fetch(url, request)).json()) as { code?: unknown };
  if (probe.code !== ResultCode.OK) throw new Error(`station list answered ${JSON.stringify(probe)}`);
  say(`closed loop: ${connections} connections × ${loopSeconds} s on ${request.method} ${url}…`);
  const profileDir = args['cpu-prof'];
  const stopProfile = profileDir ? await profileServer(target.server.lines, profileDir) : null;
  const loopCpu = cpuMeter(serverPid);
  const loop = { ...(await closedLoop({ url, ...request, connections, seconds: loopSeconds })), ...loopCpu() };
  if (stopProfile) console.error(`server CPU profile of the closed loop: ${await stopProfile()}`);
  say(`closed loop: the same on a Fastify hello-world…`);
  const hello = await helloLoop(connections, loopSeconds);

  const result = {
    operators: operatorCount,
    p50Ms: ops.p50Ms,
    p99Ms: ops.p99Ms,
    errors: ops.errors,
    closedLoopRps: loop.rps,
    helloRps: hello.rps,
    ratio: Number((loop.rps / hello.rps).toFixed(4)),
    db: target.db,
    machine,
    ...(args.verbose
      ? {
          // Operators whose sign-in and page load went through (the others stopped there, as a tab showing an error).
          operatorsLoaded: loaded,
          // Sign-ins answered 503 PASSWORD_BUSY and tried again after Retry-After (not errors).
          signInRetries,
          measuredCalls: ops.measured,
          steadyErrors: ops.steadyErrors,
          steady,
          // Where the steady window's slow calls waited (bench/api-stalls.ts).
          stalls,
          closedLoop: loop,
          hello,
          rampSeconds: rampMs / 1000,
          steadySeconds: steadyMs / 1000,
          calls: ops.perCall,
        }
      : {}),
  };
  console.log(args.json ? JSON.stringify(result) : JSON.stringify(result, null, 2));
} finally {
  await target.stop();
}
process.exit(0);

/**
 * CPU use of the server process and of this one from now until the returned function is called,
 * in % of one core: whether the machine, not the server, was the limit.
 */
function cpuMeter(pid: number): () => { serverCpuPct: number; benchCpuPct: number } {
  // utime + stime in clock ticks (fields 14 and 15 of /proc/<pid>/stat; 100 ticks/s on Linux).
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  };
  const t0 = performance.now();
  const s0 = ticks();
  const b0 = process.cpuUsage();
  return () => {
    const ms = performance.now() - t0;
    const b = process.cpuUsage(b0);
    return {
      serverCpuPct: Math.round(((ticks() - s0) * 10 * 100) / ms),
      benchCpuPct: Math.round(((b.user + b.system) / 1000 / ms) * 100),
    };
  };
}
