import { inject, type ProvidedContext } from 'vitest';

/**
 * What global-setup.ts provides to every journey file. Declared here, beside its readers, so any
 * project that compiles them (e2e, bench) sees the names.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory after the platform's first start: each file's platform starts on a copy. */
    seededDataDir: string;
    /** Where the first journey asking for history makes the run's history image (platform.ts). */
    historyDataDir: string;
    /** The run's Chromium, which each file connects to instead of launching its own. */
    browserWsEndpoint: string;
  }
}

/**
 * The value global-setup.ts provided, inside a vitest run; nothing under plain tsx (a bench
 * importing the support code), where vitest's `inject` throws for want of a worker.
 */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  return process.env.VITEST ? inject(key) : undefined;
}
