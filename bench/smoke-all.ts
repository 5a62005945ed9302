/**
 * Every benchmark once in smoke mode (BENCH_SMOKE=1, bench/smoke.ts): tiny sizes, seconds each,
 * so CI notices a bench that no longer runs. A bench passes when it exits 0 and its last line
 * of stdout is its JSON. The databases are migrated and seeded once, here (smoke-image.ts), while
 * the benches that need neither start; they run --jobs at a time (default 2), longest first: each
 * is mostly one process's start and fixed waits, so two share this 2-core machine well.
 *
 *   npm run bench:smoke [-- --jobs 1] [name…]
 *
 * Needs what the benches need: PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and Mosquitto (MQTT_URL, default mqtt://127.0.0.1:1883) for cluster and relay, the built web
 * app and Chromium for web and chart (built first when missing).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { makeSmokeDatabases } from './smoke-image';

const ROOT = path.resolve(import.meta.dirname, '..');
const built = existsSync(path.join(ROOT, 'apps/web/dist/index.html'));

/**
 * Each bench entry and the arguments its smoke run needs beyond `--json`: first those that use
 * none of the smoke databases (PostgreSQL or none), then the others, longest first.
 */
const BENCHES: Record<string, string[]> = {
  cluster: [],
  // The transport CI has; Redis and NATS are not on every machine.
  relay: ['--transport', 'pg'],
  optimise: [],
  chart: [],
  screen: [],
  web: built ? ['--no-build'] : [],
  live: [],
  api: [],
  alarm: [],
  // Two fleet sizes: the stepping (headroom) path and, in its runs, the measuring one.
  ingest: ['--steps', '3,5'],
  command: [],
  history: [],
  report: [],
};
const WITHOUT_DATABASES = new Set(['cluster', 'relay', 'optimise']);

type Outcome = { name: string; seconds: number; ok: boolean; detail: string };

function runBench(name: string, extra: string[], databases: Record<string, string>): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, '--json', ...extra], {
    cwd: ROOT,
    env: { ...process.env, ...databases, BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const last = out.trim().split('\n').at(-1) ?? '';
      let json = false;
      try {
        json = typeof JSON.parse(last) === 'object';
      } catch {
        json = false;
      }
      const ok = code === 0 && json;
      resolve({
        name,
        seconds,
        ok,
        detail: ok ? last.slice(0, 160) : `exit ${code}\n${out.slice(-2000)}${err.slice(-4000)}`,
      });
    });
  });
}

const { values: opts, positionals: wanted } = parseArgs({
  options: { jobs: { type: 'string', default: '2' } },
  allowPositionals: true,
});
const jobs = Math.max(1, Number(opts.jobs) || 1);
const unknown = wanted.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const queue = Object.entries(BENCHES).filter(([name]) => wanted.length === 0 || wanted.includes(name));
const started = performance.now();
const dir = mkdtempSync(path.join(tmpdir(), 'ess-bench-smoke-'));
const outcomes: Outcome[] = [];
const made: Promise<Record<string, string>> = queue.some(([name]) => !WITHOUT_DATABASES.has(name))
  ? makeSmokeDatabases(dir).then((databases) => {
      console.log(`databases migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return databases;
    })
  : Promise.resolve({});
// A failure surfaces where the promise is awaited; not as an unhandled rejection meanwhile.
made.catch(() => {});
try {
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [name, extra] = next;
        const o = await runBench(name, extra, WITHOUT_DATABASES.has(name) ? {} : await made);
        outcomes.push(o);
        console.log(`${o.ok ? 'ok  ' : 'FAIL'} ${name.padEnd(9)} ${o.seconds.toFixed(1).padStart(5)} s  ${o.detail}`);
      }
    }),
  );
  await made;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const wall = (performance.now() - started) / 1000;
const sum = outcomes.reduce((s, o) => s + o.seconds, 0);
console.log(
  `${outcomes.filter((o) => o.ok).length}/${outcomes.length} benches ran in smoke mode, ${jobs} at a time: ${wall.toFixed(0)} s (${sum.toFixed(0)} s of bench time)`,
);
if (outcomes.some((o) => !o.ok)) process.exit(1);
