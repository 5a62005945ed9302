import { defineConfig, mergeConfig } from 'vitest/config';
import { moduleReplacingTests, webBase } from './vitest.shared';

/** The web tests that replace modules, each file with a fresh module graph (see vitest.config.ts). */
export default mergeConfig(webBase, defineConfig({ test: { name: 'web-isolated', include: moduleReplacingTests() } }));
