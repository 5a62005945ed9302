import { pathToFileURL } from 'node:url';

/**
 * The server test files CI runs on PostgreSQL (.ci/run), after `npm test` has run every file on
 * PGlite. Both are PostgreSQL (PGlite is its WASM build), so the SQL is the same; what differs is
 * around it: the pg driver and its pool of connections (concurrency, locks, advisory locks,
 * parsing of bigint, numeric and timestamps), COPY into the time-series tables, partitions,
 * migrations on a server, the relay over LISTEN/NOTIFY, other processes on one database
 * (restarts, pg_dump). A file belongs here when what it tests goes through one of those.
 *
 * pg-suite.test.ts checks the rule a newcomer can miss: a test file that reads DATABASE_URL or the
 * database's kind, or starts a second app or process on its database, is listed in one of these
 * (or in `notOnPostgres`, saying why), and every listed file exists.
 *
 * Paths are from the repository root, as .ci/run passes them to vitest:
 *   npx tsx apps/server/src/test/pg-suite.ts postgres|broker|brokerAlone
 */
export const pgSuites = {
  /** PostgreSQL with the embedded broker. */
  postgres: [
    // Migrations on a server, several instances migrating at once (advisory lock).
    'apps/server/src/db/schema-sync.test.ts',
    'apps/server/src/db/migrate-lock.test.ts',
    'apps/server/src/db/command-origin-migration.test.ts',
    'apps/server/src/db/value-limits-migration.test.ts',
    // Time-series storage: COPY writer, day partitions, roll-ups, retention's partition drops.
    'apps/server/src/modules/telemetry/partitions.test.ts',
    'apps/server/src/modules/telemetry/rollup-roller.test.ts',
    'apps/server/src/modules/ops/retention.test.ts',
    // Locks across connections of the pool or of two instances.
    'apps/server/src/lib/job-lock.test.ts',
    'apps/server/src/plugins/rate-limit-store.test.ts',
    'apps/server/src/modules/cluster/instance.repository.test.ts',
    'apps/server/src/modules/command/command-restart.test.ts',
    // The relay over LISTEN/NOTIFY.
    'apps/server/src/modules/telemetry/cluster-relay.test.ts',
    // Other processes on the database: restarts, pg_dump and restore.
    'apps/server/src/modules/ops/backup.test.ts',
    'apps/server/src/modules/ops/shutdown.test.ts',
    'apps/server/src/modules/alarm/alarm-restart.test.ts',
    // Raw SQL whose results the pg driver parses (bigint, numeric, timestamps, intervals).
    'apps/server/src/modules/report/report.test.ts',
    'apps/server/src/modules/point/point-curve.test.ts',
    'apps/server/src/modules/energy-report/energy-report.test.ts',
    'apps/server/src/modules/control/control.test.ts',
  ],
  /** PostgreSQL with Mosquitto (MQTT_URL): the external-broker path and the cluster relay. */
  broker: [
    'apps/server/src/mqtt/mqtt-connection.mosquitto.test.ts',
    'apps/server/src/mqtt/crash-recovery.test.ts',
    'apps/server/src/modules/telemetry/ingest.test.ts',
    'apps/server/src/modules/telemetry/quarantine.test.ts',
    'apps/server/src/modules/telemetry/back-pressure.test.ts',
    'apps/server/src/modules/telemetry/device-status.test.ts',
    'apps/server/src/modules/telemetry/scale-out.test.ts',
    'apps/server/src/modules/auth/session-relay.test.ts',
    'apps/server/src/modules/station/station-relay.test.ts',
    'apps/server/src/modules/live/live-rights-relay.test.ts',
  ],
  /**
   * As `broker`, but alone: its shared subscription (like any instance's) takes every device's
   * telemetry on the broker and counts what it acknowledged.
   */
  brokerAlone: ['apps/server/src/modules/cluster/two-instances.test.ts'],
} as const;

/** Files the rule would select that test nothing PostgreSQL does differently. */
export const notOnPostgres = [
  // PGlite only: they skip or unset DATABASE_URL.
  'apps/server/src/db/client.test.ts',
  'apps/server/src/db/data-dir-lock.test.ts',
  'apps/server/src/modules/ops/backup-pglite.test.ts',
  // A second process for its log lines; the database is incidental.
  'apps/server/src/plugins/request-id.test.ts',
] as const;

export type PgSuite = keyof typeof pgSuites;

const isSuite = (name: string | undefined): name is PgSuite => name !== undefined && name in pgSuites;

// Run directly: prints one suite's files, one a line, for .ci/run.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const name = process.argv[2];
  if (!isSuite(name)) {
    console.error(`usage: pg-suite.ts ${Object.keys(pgSuites).join('|')}`);
    process.exit(2);
  }
  console.log(pgSuites[name].join('\n'));
}
