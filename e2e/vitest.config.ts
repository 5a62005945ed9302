import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one platform process per file (on a copy of one seeded data directory) and
 * one Chromium for the run (global-setup.ts), files one after another.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
