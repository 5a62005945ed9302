import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each server test file opens its own database; two workers suit this 2-core machine.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'packages/simulator',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'scripts',
    ],
  },
});
