import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Emits /version.json; the running app polls it to offer a reload when a new build ships (spec 4). */
function versionFile(): Plugin {
  return {
    name: 'ess-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: pkg.version }) });
    },
  };
}

/**
 * Writes .br and .gz beside each text asset so the server sends them precompressed
 * (@fastify/static `preCompressed`), at the best compression level, once at build time.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ess-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((n) => {
          const p = path.join(dir, n);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Marks library barrels whose only top-level effects are assignments to their own exports as
 * free of side effects, so a deep import does not drag the whole library in. antd's inputs
 * import `FormProvider` from @rc-component/form's barrel, which otherwise puts the whole form
 * library and its validator on every page (the login page included).
 */
function sideEffectFreeBarrels(ids: RegExp): Plugin {
  return {
    name: 'ess-side-effect-free-barrels',
    apply: 'build',
    transform(code, id) {
      return ids.test(id) ? { code, moduleSideEffects: false, map: null } : null;
    },
  };
}

// The dev server proxies the API to a server started with `npm run dev:server` (port 8080).
export default defineConfig({
  plugins: [
    react(),
    versionFile(),
    precompress(),
    sideEffectFreeBarrels(/[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]es[\\/]index\.js$/),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
