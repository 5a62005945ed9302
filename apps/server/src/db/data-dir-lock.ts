import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Lock file of a PGlite data directory: the process that has it open. */
export const DATA_DIR_LOCK = 'ess-platform.pid';

type Holder = { pid: number; host: string; since: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: Holder,
  ) {
    super(
      `DATA_DIR ${dir} is in use by process ${holder.pid} (since ${holder.since}): PGlite allows one process per data directory. ` +
        `Stop that server first; if no server runs on it, delete ${path.join(dir, DATA_DIR_LOCK)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Directories this process has open: its own pid in a lock file is not proof of a leftover. */
const held = new Map<string, Holder>();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return err instanceof Error && 'code' in err && err.code === 'EPERM';
  }
};

const readHolder = (file: string): Holder | null => {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string'
      ? { pid: h.pid, host: h.host, since: String(h.since) }
      : null;
  } catch {
    return null;
  }
};

/**
 * Claims a PGlite data directory for this process. PGlite runs PostgreSQL inside the process
 * with no postmaster to keep a second one out: two processes on one directory each cache
 * pages and write WAL of their own and corrupt it. A lock file naming a process of this host
 * that still runs refuses the start; one left by a process that died (kill -9, power loss)
 * is taken over. Returns the release (deletes the file if it is still ours).
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(path.resolve(dir), DATA_DIR_LOCK);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const mine = held.get(file);
  if (mine) throw new DataDirInUseError(dir, mine);
  // Written aside, then linked in place: the lock file appears whole or not at all.
  const draft = `${file}.${me.pid}`;
  writeFileSync(draft, JSON.stringify(me), { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (err) {
        if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
        const holder = readHolder(file);
        // Another host's pid cannot be checked; a container restarted under another name would
        // otherwise never start again. Our own pid (not in `held`) is a leftover of an earlier
        // life of this container.
        const running = holder !== null && holder.host === me.host && holder.pid !== me.pid && alive(holder.pid);
        if (running || attempt > 0) throw new DataDirInUseError(dir, holder ?? { pid: 0, host: '?', since: '?' });
        unlinkSync(file);
      }
    }
  } finally {
    unlinkSync(draft);
  }
  held.set(file, me);
  return () => {
    if (held.get(file) !== me) return;
    held.delete(file);
    if (readHolder(file)?.pid === me.pid) unlinkSync(file);
  };
}
