import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ServerExitedError, startInstance } from '../test/server-process';
import { openDatabase } from './client';
import { DATA_DIR_LOCK, DataDirInUseError, lockDataDir } from './data-dir-lock';

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

// PGlite only, whatever DATABASE_URL says: on a server run CI runs it again on PGlite (pg-suite.ts).
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite data directory lock', { timeout: 180_000 }, () => {
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
    const first = await startServer(dir);
    try {
      const second = await startServer(dir).catch((e: unknown) => e);
      expect(second).toBeInstanceOf(ServerExitedError);
      const { code, lines } = second as ServerExitedError;
      expect(code).not.toBe(0);
      expect(lines.join('\n')).toContain(`is in use by process ${first.child.pid}`);
      expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(first.child.pid);
    } finally {
      await first.stop('SIGTERM');
    }
    // Stopped cleanly: the lock is gone.
    expect(existsSync(lockFile(dir))).toBe(false);
  });
});

/** The real server (main.ts) on PGlite in `dir`, no telemetry. */
const startServer = (dir: string) =>
  startInstance(
    { DATA_DIR: dir, TELEMETRY: 'off', ADMIN_PASSWORD: 'admin-pass-1', DEMO_PASSWORD: 'demo-pass-1' },
    { unset: ['DATABASE_URL'] },
  );
