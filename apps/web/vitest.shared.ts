import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * The web tests run as two projects. Most files share a worker's modules (`isolate: false`):
 * importing antd, the router and the app's pages cost each file ~10 s of CPU when every file
 * imported them afresh, five times the tests' own work. Files that replace a module
 * (`vi.mock`, `vi.doMock`, `vi.resetModules`) or whose subject is module state itself are named
 * `*.isolated.test.ts(x)` and get a fresh module graph each (vitest.isolated.config.ts).
 */
export const ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

export function webProject(name: string, isolate: boolean): ViteUserConfig {
  return defineConfig({
    plugins: [react()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
    test: {
      name,
      environment: 'jsdom',
      include: isolate ? [ISOLATED] : ['src/**/*.test.{ts,tsx}'],
      exclude: isolate ? [] : [ISOLATED],
      setupFiles: ['src/test/setup.ts'],
      isolate,
      // A page's first render loads antd's heavy parts; tests wait up to 5 s for it, which the
      // default 5 s test limit cut short on a loaded CI machine.
      testTimeout: 20_000,
    },
  });
}
