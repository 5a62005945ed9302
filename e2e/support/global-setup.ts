import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_LAUNCH } from './browser';
import { seedDataDir } from './platform';
import './provided-context';

/**
 * Work every journey file repeated before: the platform's first start (migrations, seed and its
 * password hashes, about half of a start) and a Chromium launch. The first start still runs, once.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [seeded, server] = await Promise.all([seedDataDir(), chromium.launchServer(CHROMIUM_LAUNCH)]);
  project.provide('seededDataDir', seeded);
  // Made by the first journey that asks for history (platform.ts), not here: a run without one skips it.
  const history = `${seeded}-history`;
  project.provide('historyDataDir', history);
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    rmSync(seeded, { recursive: true, force: true });
    rmSync(history, { recursive: true, force: true });
  };
}
