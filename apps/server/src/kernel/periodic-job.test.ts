import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { everyPeriod } from './periodic-job';

const dir = mkdtempSync(path.join(tmpdir(), 'periodic-job-'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase(dir);
}, 120_000);
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await db?.database.close();
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a job every period across instances', () => {
  it('runs once a period whichever of two instances fires first, and not after stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let runs = 0;
    const work = async () => {
      runs++;
    };
    const failed = (err: unknown) => {
      throw err;
    };
    const jobs = [1, 2].map(() => everyPeriod(db.database.db, 'test-periodic', 60_000, work, failed));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(runs).toBe(1));
    for (const j of jobs) j.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toBe(1);
  });

  it('reports a failed run and stays scheduled', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: unknown[] = [];
    const job = everyPeriod(
      db.database.db,
      'test-failing',
      60_000,
      () => Promise.reject(new Error('down')),
      (err) => errors.push(err),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    job.stop();
  });
});
