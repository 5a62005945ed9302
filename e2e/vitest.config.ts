import { defineConfig } from 'vitest/config';

/** Browser journeys: one platform process and one Chromium per file, files one after another. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
