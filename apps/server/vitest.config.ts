import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Cheaper password hashes in tests (production's cost is checked in lib/password.test.ts).
    setupFiles: ['src/test/password-cost.ts'],
    // The server bundle the process-level tests start (test/server-process.ts).
    globalSetup: ['src/test/build.global-setup.ts'],
    // A worker keeps its modules between files: importing the app (Fastify, PGlite, drizzle,
    // the contract…) cost ~4.6 s of CPU per file, ~45 % of the project's CPU. Files share no
    // state through modules: each builds its own app on its own database (test/harness.ts).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
