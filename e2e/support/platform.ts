import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { buildIfStale } from '../../scripts/build-if-stale';
import { provided } from './provided-context';

export const ADMIN_PASSWORD = 'e2e-admin-1';
export const DEMO_PASSWORD = 'e2e-demo-1';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type Platform = { url: string; dataDir: string; stop: () => Promise<void>; log: () => string };

/**
 * Starts the platform the way `npm start` does (compiled server, built web app, embedded PGlite
 * in a fresh data directory) on a free port, and waits for its "listening" line. The data
 * directory is a copy of the one the run's first start migrated and seeded (global-setup.ts),
 * so each file skips the migrations and password hashes but still starts on its own data. A bench,
 * outside vitest, starts on an empty one, or in a smoke run on a copy of BENCH_SMOKE_DATA_DIR
 * (bench/smoke-image.ts).
 */
export async function startPlatform(extraEnv: Record<string, string> = {}): Promise<Platform> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ess-e2e-'));
  const seeded = (await historyImage(extraEnv)) ?? provided('seededDataDir') ?? process.env.BENCH_SMOKE_DATA_DIR;
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const started = await launch(dataDir, extraEnv);
  return {
    ...started,
    stop: async () => {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The platform's first start on an empty data directory (migrations, seed), stopped once it
 * listens; the directory is kept for startPlatform to copy. Runs in vitest's global setup.
 */
export async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ess-e2e-seeded-'));
  const first = await launch(dataDir, { SIMULATOR: 'off' });
  await first.stop();
  return dataDir;
}

/** The hours of history in the run's history image: the most any journey asks for. */
export const HISTORY_IMAGE_HOURS = 36;

/**
 * A journey that asks for history (SIMULATOR_BACKFILL_HOURS ≤ HISTORY_IMAGE_HOURS) starts on a
 * copy of the run's history image, made by the first such file: the seeded directory after one
 * start that published HISTORY_IMAGE_HOURS of it. Its own start then only resends the minutes
 * since the image (demo-simulation.ts `backfillStart`), instead of each file simulating a day
 * again (about 1.4 s per hour of history on this machine). Files run one at a time, so the
 * first one makes it alone. Undefined: no image applies (no history asked, or outside vitest).
 */
async function historyImage(extraEnv: Record<string, string>): Promise<string | undefined> {
  const hours = Number(extraEnv.SIMULATOR_BACKFILL_HOURS ?? 0);
  const image = provided('historyDataDir');
  const seeded = provided('seededDataDir');
  if (!image || !seeded || extraEnv.SIMULATOR === 'off' || hours <= 0 || hours > HISTORY_IMAGE_HOURS) return undefined;
  if (existsSync(path.join(image, 'ready'))) return image;
  rmSync(image, { recursive: true, force: true });
  cpSync(seeded, image, { recursive: true });
  const first = await launch(image, { SIMULATOR_BACKFILL_HOURS: String(HISTORY_IMAGE_HOURS) });
  try {
    await vi.waitFor(
      () => {
        if (!first.log().includes('publishing every')) throw new Error(`history still publishing:\n${first.log()}`);
      },
      { timeout: 170_000, interval: 250 },
    );
  } finally {
    await first.stop();
  }
  writeFileSync(path.join(image, 'ready'), '');
  return image;
}

let built: Promise<void> | undefined;

async function launch(dataDir: string, extraEnv: Record<string, string>): Promise<Platform> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    LOG_LEVEL: 'info',
    // Mosquitto holds 1883 on this machine: the embedded broker takes any free port.
    MQTT_PORT: '0',
    // Live demo data from the start, without the first-start history (journeys stay quick).
    SIMULATOR: 'on',
    SIMULATOR_INTERVAL_S: '5',
    SIMULATOR_BACKFILL_HOURS: '0',
    // Journeys raise the faults they look at (SIMULATOR_FAULTS); the demo's own would come at any time.
    SIMULATOR_DEMO_FAULTS: 'off',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  // The compiled server users run (`npm start`), rebuilt first if a source is newer (once per process).
  built ??= buildIfStale();
  await built;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Within the files' hook timeout; a platform that did not start is not left running.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`platform did not start:\n${output}`));
    }, 170_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`platform exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
