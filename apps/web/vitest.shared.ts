import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** What both web projects share: jsdom, the setup file, the `@` alias. */
export const webBase = defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@': path.join(root, 'src') } },
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // A page's first render loads antd's heavy parts; tests wait up to 5 s for it, which the
    // default 5 s test limit cut short on a loaded CI machine.
    testTimeout: 20_000,
  },
});

/**
 * Replacing a module is for the file that does it: with shared modules the stand-in would stay.
 * A file that needs a module's state as loaded (a singleton no other file has used) says
 * `@isolated-modules` in its text.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|resetModules)\(|@isolated-modules/;

/**
 * The test files that replace modules (vi.mock, vi.doMock, vi.resetModules) or ask for fresh
 * ones (`@isolated-modules`), relative to the web root: they run in the isolated project, each
 * with a fresh module graph.
 */
export function moduleReplacingTests(): string[] {
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' });
  return files
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.join('src', f))
    .filter((f) => REPLACES_MODULES.test(readFileSync(path.join(root, f), 'utf8')))
    .sort();
}
