import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Which server test files CI runs on which database (.ci/run). `npm test` in CI runs every file
 * on a PostgreSQL server (DATABASE_URL): a test database is a template copy there, and the
 * server project takes half the time it takes on PGlite. Both are PostgreSQL (PGlite is its
 * WASM build), so the SQL is the same; what differs is around it: the driver (pg and its pool
 * against PGlite's one connection: concurrency, locks, advisory locks, parsing of bigint,
 * numeric and timestamps), COPY into the time-series tables against PGlite's writer,
 * partitions, migrations, the relay over LISTEN/NOTIFY, other processes on one database
 * (restarts, pg_dump; on PGlite the data directory and its lock). A file belongs in `pglite`,
 * which CI runs again on PGlite (the default install), when what it tests goes through one of
 * those.
 *
 * pg-suite.test.ts checks the rule a newcomer can miss: a test file that reads DATABASE_URL or the
 * database's kind, or starts a second app or process on its database, is listed in one of these
 * (or in `eitherDatabase`, saying why), and every listed file exists.
 *
 * Files by name (unique under apps/server/src, which the test checks), so moving a module keeps
 * its tests here; run directly, it prints a suite's paths from the repository root for .ci/run:
 *   npx tsx apps/server/src/test/pg-suite.ts pglite|broker|brokerAlone
 */
export const pgSuites = {
  /** PGlite with the embedded broker, after `npm test` ran them on PostgreSQL. */
  pglite: [
    // PGlite only: they skip on PostgreSQL (the embedded database, its data directory and lock).
    'client.test.ts',
    'data-dir-lock.test.ts',
    'backup-pglite.test.ts',
    // One case moves the wall clock of the whole platform, which PGlite shares and a server not.
    'order-sla.test.ts',
    // Migrations, several instances migrating at once (advisory lock on a server).
    'schema-sync.test.ts',
    'migrate-lock.test.ts',
    'command-origin-migration.test.ts',
    'value-limits-migration.test.ts',
    // Time-series storage: COPY writer (PGlite's own), day partitions, roll-ups, retention's partition drops.
    'partitions.test.ts',
    'rollup-roller.test.ts',
    'rollup-accumulator.test.ts',
    'retention.test.ts',
    // Locks across connections of the pool or of two instances.
    'job-lock.test.ts',
    'rate-limit-store.test.ts',
    'instance.repository.test.ts',
    'command-restart.test.ts',
    'workorder-restart.test.ts',
    'schedule-runner.test.ts',
    // The relay over LISTEN/NOTIFY.
    'cluster-relay.test.ts',
    // The pool's gauges in /metrics (a server's pool; none on PGlite).
    'metrics.test.ts',
    // Other processes on the database: restarts, pg_dump and restore.
    'backup.test.ts',
    'shutdown.test.ts',
    'alarm-restart.test.ts',
    'workorder-kill.test.ts',
    'upgrade-kill.test.ts',
    // Raw SQL whose results each driver parses (bigint, numeric, timestamps, intervals).
    'report.test.ts',
    'point-curve.test.ts',
    'energy-report.test.ts',
    'control.test.ts',
    // Counter energy summed in SQL (bigint micro-kWh, window and date arithmetic) against the TypeScript rule.
    'period-sums.test.ts',
  ],
  /** PostgreSQL with Mosquitto (MQTT_URL): the external-broker path and the cluster relay. */
  broker: [
    'mqtt-connection.mosquitto.test.ts',
    'crash-recovery.test.ts',
    'ingest.test.ts',
    'quarantine.test.ts',
    'back-pressure.test.ts',
    'device-status.test.ts',
    'scale-out.test.ts',
    'session-relay.test.ts',
    'station-relay.test.ts',
    'live-rights-relay.test.ts',
  ],
  /**
   * As `broker`, but alone: its shared subscription (like any instance's) takes every device's
   * telemetry on the broker and counts what it acknowledged.
   */
  brokerAlone: ['two-instances.test.ts'],
} as const;

/** Files the rule would select that test nothing the two databases do differently. */
export const eitherDatabase = [
  // A second process for its log lines; the database is incidental.
  'request-id.test.ts',
  // claimPeriod's one upsert through the kernel's timer; job-lock.test.ts runs the claim on both drivers.
  'periodic-job.test.ts',
] as const;

export type PgSuite = keyof typeof pgSuites;

const SRC = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SRC, '../../..');

/** Every server test file's path from the repository root, by its file name. */
export function serverTestFiles(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const f of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!f.endsWith('.test.ts')) continue;
    const rel = path.relative(ROOT, path.join(SRC, f)).split(path.sep).join('/');
    byName.set(path.basename(f), [...(byName.get(path.basename(f)) ?? []), rel]);
  }
  return byName;
}

const isSuite = (name: string | undefined): name is PgSuite => name !== undefined && name in pgSuites;

// Run directly: prints one suite's files, one a line, for .ci/run.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const name = process.argv[2];
  if (!isSuite(name)) {
    console.error(`usage: pg-suite.ts ${Object.keys(pgSuites).join('|')}`);
    process.exit(2);
  }
  const files = serverTestFiles();
  const paths = pgSuites[name].map((n) => files.get(n));
  if (paths.some((p) => p?.length !== 1)) {
    console.error(`pg-suite.ts: a file of ${name} is missing or not unique (pg-suite.test.ts says which)`);
    process.exit(1);
  }
  console.log(paths.flat().join('\n'));
}
