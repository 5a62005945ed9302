import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table lives in one of these files; src/db/schema-sync.test.ts migrates a fresh
  // database and compares it with exactly these, so a table outside them fails that test.
  schema: [
    './apps/server/src/db/schema.ts',
    './apps/server/src/db/telemetry-schema.ts',
    './apps/server/src/db/home-config-schema.ts',
    './apps/server/src/db/curve-config-schema.ts',
    './apps/server/src/db/alarm-schema.ts',
    './apps/server/src/db/message-schema.ts',
    './apps/server/src/db/notify-schema.ts',
    './apps/server/src/db/station-admin-schema.ts',
    './apps/server/src/db/config-schema.ts',
    './apps/server/src/db/command-schema.ts',
    './apps/server/src/db/rate-schema.ts',
    './apps/server/src/db/access-schema.ts',
    './apps/server/src/db/equipment-schema.ts',
    './apps/server/src/db/strategy-schema.ts',
    './apps/server/src/db/plan-curve-schema.ts',
    './apps/server/src/db/sequence-schema.ts',
    './apps/server/src/db/rate-limit-schema.ts',
    './apps/server/src/db/cluster-schema.ts',
    './apps/server/src/db/job-schema.ts',
    './apps/server/src/db/workorder-schema.ts',
    './apps/server/src/db/files-schema.ts',
    './apps/server/src/db/records-schema.ts',
    './apps/server/src/db/carbon-schema.ts',
    './apps/server/src/db/statement-schema.ts',
    './apps/server/src/db/upgrade-schema.ts',
    './apps/server/src/db/remote-file-schema.ts',
    './apps/server/src/db/dashboard-schema.ts',
  ],
  out: './apps/server/drizzle',
  // ts_msg's day partitions are made at run time; introspection (pull, push) must not see them.
  tablesFilter: ['!ts_msg_*', '!ts_raw_*'],
});
