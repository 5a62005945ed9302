import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeSessions, launchBrowser } from './browser';
import { type Platform, startPlatform } from './platform';

export type Suite = { platform: Platform; browser: Awaited<ReturnType<typeof launchBrowser>>['browser'] };

/**
 * One platform process (with `env` added to its environment) and one Chromium for the file's
 * journeys, stopped afterwards; the browser contexts a journey opened are closed after it.
 */
export function journeySuite(env: Record<string, string> = {}): Suite {
  const suite = {} as Suite;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    suite.platform = await startPlatform(env);
    const launched = await launchBrowser();
    suite.browser = launched.browser;
    close = launched.close;
  });
  afterEach(closeSessions);
  afterAll(async () => {
    await close?.();
    await suite.platform?.stop();
  });
  return suite;
}
