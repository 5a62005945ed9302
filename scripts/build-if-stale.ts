/**
 * Builds the web app and the server only if their output is missing or older than a source
 * file, so `npm start` on a fresh clone builds once and later starts begin at once.
 * Run: `tsx scripts/build-if-stale.ts` (what `npm start` does before `node apps/server/dist/main.js`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, repoRoot, serverDist } from './build-server';

type Target = { name: string; output: string; inputs: string[] };

const shared = ['package-lock.json', 'packages/contract/src', 'packages/contract/package.json'];

export const targets = {
  web: {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    inputs: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
  },
  server: {
    name: 'server',
    output: path.relative(repoRoot, path.join(serverDist, 'main.js')),
    inputs: [
      ...shared,
      'apps/server/src',
      'apps/server/package.json',
      'packages/simulator/src',
      'packages/simulator/package.json',
      'scripts/build-server.ts',
    ],
  },
} satisfies Record<string, Target>;

/** Newest modification time under `p` (a file or a folder), tests left out: they are not built. */
function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Why `target` needs building, or null when its output is newer than every input. */
export function staleness(target: Target): string | null {
  const output = path.join(repoRoot, target.output);
  if (!existsSync(output)) return `${target.output} missing`;
  const built = statSync(output).mtimeMs;
  const changed = target.inputs.find((input) => newest(path.join(repoRoot, input)) > built);
  return changed ? `${changed} changed since ${target.output}` : null;
}

/** Builds whichever of `which` is stale; throws if a build fails. */
export async function buildIfStale(which: (keyof typeof targets)[] = ['web', 'server']): Promise<void> {
  for (const key of which) {
    const target = targets[key];
    const why = staleness(target);
    if (!why) continue;
    // On stderr: a bench's stdout is its JSON alone.
    console.error(`building the ${target.name}: ${why}`);
    if (key === 'server') await buildServer();
    else {
      // Vite keeps a NODE_ENV it finds set: under vitest (NODE_ENV=test) React and antd would
      // build in development mode, with their warnings, and journeys would test that build.
      const env = { ...process.env, NODE_ENV: 'production' };
      const run = spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: repoRoot, stdio: 'inherit', env });
      if (run.status !== 0) throw new Error(`npm run build:web failed (${run.status ?? run.signal})`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildIfStale();
