import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type ServerPackage = { name: string; version: string };

/**
 * The server package's folder (apps/server) and its package.json, found once by walking up
 * from this module: the same from src/ (tsx, tests) and from dist/main.js (the bundle), so
 * migrations, the web app and the version resolve alike in both.
 */
function findServerPackage(): { root: string; pkg: ServerPackage } {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as ServerPackage;
      if (pkg.name === '@ess/server') return { root: dir, pkg };
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no @ess/server package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

const found = findServerPackage();
/** Absolute path of apps/server. */
export const serverRoot = found.root;
/** apps/server/package.json. */
export const serverPackage: ServerPackage = found.pkg;
