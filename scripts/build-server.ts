/**
 * Compiles the server to one JavaScript file, apps/server/dist/main.js (with its source map),
 * so production runs `node`, not tsx. The workspace packages (@ess/contract, @ess/simulator)
 * export TypeScript sources and are bundled in; every npm package stays an import of
 * node_modules (PGlite finds its wasm and data files beside its own code there).
 * Run: `npm run build:server`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(repoRoot, 'apps/server/src/main.ts');
export const serverDist = path.join(repoRoot, 'apps/server/dist');

/** Bare imports other than the workspace's own packages are left to Node at run time. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ess/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into `outdir` (default apps/server/dist). The bundle finds apps/server by walking up
 * to its package.json (src/server-root.ts), so `outdir` must lie inside apps/server.
 */
export async function buildServer(outdir = serverDist): Promise<string> {
  const outfile = path.join(outdir, 'main.js');
  await build({
    entryPoints: [serverEntry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the engines field allows.
    target: 'node20.19',
    sourcemap: true,
    plugins: [npmPackagesExternal],
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const outfile = await buildServer();
  console.log(`server built: ${path.relative(repoRoot, outfile)} (${Math.round(performance.now() - started)} ms)`);
}
