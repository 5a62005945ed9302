import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { LoadConfig } from './ingest-load';

/** The p-th percentile of sorted values (NaN when empty). */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);

/**
 * Starts the device load generator (ingest-load.ts) in its own process. Its configuration goes
 * in a file, not the environment: thousands of device secrets exceed the size of one variable.
 */
export function startLoad(
  config: LoadConfig,
  configFile: string,
): { child: ChildProcess; lines: AsyncIterableIterator<string> } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  writeFileSync(configFile, JSON.stringify(config));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'ingest-load.ts'), configFile], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.once('error', (err) => {
    console.error(`load generator failed to start: ${err.message}`);
    process.exit(1);
  });
  const rl = createInterface({ input: child.stdout ?? process.stdin });
  return { child, lines: rl[Symbol.asyncIterator]() };
}

/** The next JSON line the load generator printed (its other lines are progress). */
export async function nextJson<T>(lines: AsyncIterableIterator<string>): Promise<T> {
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error('load generator stopped');
    if (value.startsWith('{')) return JSON.parse(value) as T;
  }
}
