/**
 * Every benchmark once in smoke mode (BENCH_SMOKE=1, bench/smoke.ts): tiny sizes, seconds each,
 * so CI notices a bench that no longer runs. A bench passes when it exits 0 and its last line
 * of stdout is its JSON. One after another: each starts servers of its own.
 *
 *   npx tsx bench/smoke-all.ts [name…]
 *
 * Needs what the benches need: PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and Mosquitto (MQTT_URL, default mqtt://127.0.0.1:1883) for cluster and relay, the built web
 * app and Chromium for web and chart (built first when missing).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(import.meta.dirname, '..');
const built = existsSync(path.join(ROOT, 'apps/web/dist/index.html'));

/** Each bench entry and the arguments its smoke run needs beyond `--json`. */
const BENCHES: Record<string, string[]> = {
  ingest: [],
  history: [],
  live: [],
  alarm: [],
  command: [],
  optimise: [],
  // The transport CI has; Redis and NATS are not on every machine.
  relay: ['--transport', 'pg'],
  cluster: [],
  api: [],
  web: built ? ['--no-build'] : [],
  chart: [],
};

type Outcome = { name: string; seconds: number; ok: boolean; detail: string };

function runBench(name: string, extra: string[]): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, '--json', ...extra], {
    cwd: ROOT,
    env: { ...process.env, BENCH_SMOKE: '1' },
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

const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const outcomes: Outcome[] = [];
for (const [name, extra] of Object.entries(BENCHES)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const o = await runBench(name, extra);
  outcomes.push(o);
  console.log(`${o.ok ? 'ok  ' : 'FAIL'} ${name.padEnd(9)} ${o.seconds.toFixed(1).padStart(5)} s  ${o.detail}`);
}
const total = outcomes.reduce((s, o) => s + o.seconds, 0);
console.log(
  `${outcomes.filter((o) => o.ok).length}/${outcomes.length} benches ran in smoke mode, ${total.toFixed(0)} s`,
);
if (outcomes.some((o) => !o.ok)) process.exit(1);
