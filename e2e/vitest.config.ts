import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: one platform process per file (on a copy of one seeded data directory) and
 * one Chromium for the run (global-setup.ts). Two files at a time: a journey mostly waits on
 * its platform's pushes and the pages' renders, so a second one fills the other core.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
