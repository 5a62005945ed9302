import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The web app's own build (apps/web/dist), as `npm run build -w @ess/web` makes it. */
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** Builds the web app into WEB_DIST; throws when the build fails. */
export function buildWeb(say: (msg: string) => void): void {
  say('building the web app…');
  const b = spawnSync('npm', ['run', 'build', '-w', '@ess/web', '--silent'], { cwd: ROOT, stdio: 'ignore' });
  if (b.status !== 0) throw new Error('web build failed');
}

/** Builds the web app when WEB_DIST has no index.html yet (a bench on a fresh clone). */
export function ensureWebBuild(say: (msg: string) => void): void {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) buildWeb(say);
}
