/**
 * The platform bench/api.ts measures: the real server (main.ts) in a child process on a fresh
 * database — a new PostgreSQL database with DATABASE_URL (dropped afterwards), else PGlite in a
 * temporary data directory — seeded as on a first start, with the demo stations' simulator on
 * so live values flow to the sockets.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { type InstanceProcess, startInstance } from '../apps/server/src/test/server-process';
import { BENCH_ADMIN_PASSWORD, BENCH_DEMO_PASSWORD } from './bench-session';
import { openBenchDatabase } from './ingest-setup';
import { seedSmokeDataDir } from './smoke-image';

export type ApiTarget = {
  server: InstanceProcess;
  db: string;
  /** The bench's own connections to the server's PostgreSQL database (its activity); null on PGlite. */
  pool: pg.Pool | null;
  stop: () => Promise<void>;
};

export type TargetOptions = {
  /** Hours of simulated history before live data (the home page's curves and today's energy). */
  backfillHours: number;
  /** Extra NODE_OPTIONS of the server process only (e.g. --cpu-prof). */
  nodeOptions?: string;
  say: (msg: string) => void;
};

/** Starts the server and waits until its simulator publishes live values. */
export async function startTarget(o: TargetOptions): Promise<ApiTarget> {
  // Logs, the login key secret (PGlite) and the PGlite data: never the repository's ./data.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ess-bench-api-'));
  const pgUrl = process.env.DATABASE_URL;
  const pg = pgUrl ? await openBenchDatabase('postgres', pgUrl) : null;
  const raw = pg?.database.raw;
  const cleanUp = async () => {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A smoke run's PGlite starts migrated and seeded.
    if (!pg) await seedSmokeDataDir(dataDir);
    o.say(`starting the server on ${pg ? pg.label : 'PGlite'} with the simulator (${o.backfillHours} h history)…`);
    const server = await startInstance(
      {
        ...(raw?.kind === 'postgres' ? { DATABASE_URL: raw.url } : {}),
        DATA_DIR: dataDir,
        LOGIN_KEY_SECRET: randomBytes(32).toString('hex'),
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        DEMO_PASSWORD: BENCH_DEMO_PASSWORD,
        // Every simulated operator signs in from this one address.
        LOGIN_RATE_PER_MINUTE: '1000000',
        SIMULATOR: 'on',
        SIMULATOR_BACKFILL_HOURS: String(o.backfillHours),
        ...(o.nodeOptions ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${o.nodeOptions}`.trim() } : {}),
      },
      // Its own embedded broker; PGlite unless this run's database was made above.
      { unset: ['MQTT_URL', ...(pg ? [] : ['DATABASE_URL'])] },
    );
    const live = await simulatorLive(server);
    if (!live) {
      await server.stop('SIGKILL');
      throw new Error(`the simulator did not start:\n${server.lines.slice(-10).join('\n')}`);
    }
    return {
      server,
      db: pg ? pg.label : 'PGlite 0.5 (on disk)',
      pool: raw?.kind === 'postgres' ? raw.pool : null,
      stop: async () => {
        await server.stop('SIGTERM');
        await cleanUp();
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** Whether the simulator went live (its history in), rather than failed or took longer than 5 minutes. */
async function simulatorLive(server: InstanceProcess): Promise<boolean> {
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    if (server.lines.some((l) => /simulator: \d+ devices .* publishing every/.test(l))) return true;
    if (server.lines.some((l) => /simulator failed to start/.test(l))) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
