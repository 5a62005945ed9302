import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Cheaper password hashes in tests (production's cost is checked in lib/password.test.ts).
    setupFiles: ['src/test/password-cost.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
