import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, repoRoot, serverDist } from './build-server';

const LISTENING = /listening on (http:\/\/localhost:\d+)/;

describe('the compiled server', () => {
  // Inside apps/server/dist (git-ignored): the bundle finds apps/server by walking up from itself.
  mkdirSync(serverDist, { recursive: true });
  const outdir = mkdtempSync(path.join(serverDist, 'test-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ess-build-'));
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is one file importing only npm packages and Node built-ins', async () => {
    const outfile = await buildServer(outdir);
    const code = readFileSync(outfile, 'utf8');
    const specifiers = new Set([...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1] ?? ''));
    expect(specifiers.size).toBeGreaterThan(0);
    // Workspace packages export .ts sources, which plain node cannot load: they must be inlined.
    expect([...specifiers].filter((s) => s.startsWith('.') || s.startsWith('@ess/'))).toEqual([]);
    expect(code).toContain('//# sourceMappingURL=main.js.map');
    // Tests and their kits (*.kit.ts, apps/server/src/test/) stay out of what production runs.
    const map = JSON.parse(readFileSync(`${outfile}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => path.relative(repoRoot, path.resolve(outdir, s)));
    expect(sources).toContain('apps/server/src/main.ts');
    expect(sources.filter((s) => /\.(kit|test)\.ts$/.test(s) || s.startsWith('apps/server/src/test/'))).toEqual([]);
  });

  it('starts under plain node from another folder, migrates PGlite, answers health and readiness, stops on SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.MQTT_URL;
    delete env.WEB_DIST;
    // cwd elsewhere: migrations, package.json and the web app must not be found through it.
    const started = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      cwd: tmpdir(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const lines: string[] = [];
    const exited = once(started, 'exit');
    const url = await new Promise<string>((resolve, reject) => {
      const take = (line: string) => {
        lines.push(line);
        const m = LISTENING.exec(line);
        if (m?.[1]) resolve(m[1]);
      };
      createInterface({ input: started.stdout }).on('line', take);
      createInterface({ input: started.stderr }).on('line', take);
      void exited.then(([code]) => reject(new Error(`server exited (${code}):\n${lines.slice(-20).join('\n')}`)));
    });

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: { status: string } }).data.status).toBe('up');
    // Ready only if the migrations (found from the bundle's own place) ran on the database.
    const ready = await fetch(`${url}/api/ready`);
    const readiness = (await ready.json()) as { data: { ready: boolean; checks: { name: string; state: string }[] } };
    expect(ready.status).toBe(200);
    expect(readiness.data.checks.find((c) => c.name === 'database')?.state).toBe('up');

    started.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(lines.some((l) => l.includes('shutdown complete'))).toBe(true);
  }, 180_000);
});
