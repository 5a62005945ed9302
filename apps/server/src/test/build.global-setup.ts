import { buildIfStale } from '../../../../scripts/build-if-stale';

/**
 * Process-level tests start the built server (test/server-process.ts), as production runs it:
 * `node` on one bundle starts in about a second, where tsx transpiled some 600 files per start.
 * Built once per run, before the workers, and only when a source changed since.
 */
export default async function setup(): Promise<void> {
  await buildIfStale(['server']);
}
