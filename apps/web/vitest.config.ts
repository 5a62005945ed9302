import { defineConfig, mergeConfig } from 'vitest/config';
import { moduleReplacingTests, webBase } from './vitest.shared';

/**
 * The web tests that share a worker's modules (`isolate: false`): antd, React and echarts load
 * once per worker instead of once per file: a quarter of the CPU. The jsdom window is the
 * worker's; src/test/setup.ts runs again before each file (storage, MSW handlers, language) and
 * cleanup empties the page after each test. Files that replace modules run in
 * vitest.isolated.config.ts.
 */
export default mergeConfig(
  webBase,
  defineConfig({
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: moduleReplacingTests(),
      isolate: false,
    },
  }),
);
