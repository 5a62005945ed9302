import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DATA_DIR_LOCK, DataDirInUseError, lockDataDir } from './data-dir-lock';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'ess-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const lockFile = (dir: string) => path.join(dir, DATA_DIR_LOCK);

describe('PGlite data directory lock', { timeout: 180_000 }, () => {
  it('refuses a second open in the same process, and frees the directory on close', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    expect(existsSync(lockFile(dir))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('refuses a directory held by a running process, takes over once it died', async () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['60']);
    await once(holder, 'spawn');
    writeFileSync(lockFile(dir), JSON.stringify({ pid: holder.pid, host: hostname(), since: 'test' }));
    const refused = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect(String(refused)).toContain(`process ${holder.pid}`);
    // The refused start left the holder's lock alone.
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(holder.pid);

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('a second server process on a DATA_DIR in use exits with the reason; the first keeps it', {
    timeout: 180_000,
  }, async () => {
    const dir = tempDir();
    const first = startServer(dir);
    try {
      await first.ready;
      const second = startServer(dir);
      const [code] = await once(second.child, 'exit');
      expect(code).not.toBe(0);
      expect(second.lines.join('\n')).toContain(`is in use by process ${first.child.pid}`);
      expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(first.child.pid);
    } finally {
      first.child.kill('SIGTERM');
      await once(first.child, 'exit');
    }
    // Stopped cleanly: the lock is gone.
    expect(existsSync(lockFile(dir))).toBe(false);
  });
});

/** The real server (main.ts) on PGlite in `dir`, no telemetry. */
function startServer(dir: string): { child: ChildProcess; ready: Promise<void>; lines: string[] } {
  const { DATABASE_URL: _pg, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      TELEMETRY: 'off',
      SIMULATOR: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ADMIN_PASSWORD: 'admin-pass-1',
      DEMO_PASSWORD: 'demo-pass-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr?.on('data', (b: Buffer) => lines.push(b.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
      lines.push(line);
      if (line.includes('listening on http://')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${lines.join('\n')}`)));
  });
  ready.catch(() => {});
  return { child, ready, lines };
}
