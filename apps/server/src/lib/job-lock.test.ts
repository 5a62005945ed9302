import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { withJobLock } from './job-lock';

const url = process.env.DATABASE_URL;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!url)('job lock on PostgreSQL (two instances = two pools)', () => {
  it('runs the job on one instance while the other skips it at once, then frees the lock', async () => {
    const poolA = new pg.Pool({ connectionString: url, max: 2 });
    const poolB = new pg.Pool({ connectionString: url, max: 2 });
    const a = drizzlePg(poolA) as unknown as Db;
    const b = drizzlePg(poolB) as unknown as Db;
    const job = `test-${process.pid}-${Date.now()}`;
    let runs = 0;
    const slowJob = async () => {
      runs++;
      await pause(300);
      return 'done';
    };
    try {
      const started = Date.now();
      const [first, second] = await Promise.all([withJobLock(a, job, slowJob), withJobLock(b, job, slowJob)]);
      expect(runs).toBe(1);
      expect([first.ran, second.ran].sort()).toEqual([false, true]);
      expect([first.result, second.result]).toContain('done');
      // The loser did not wait for the winner.
      expect(Date.now() - started).toBeLessThan(300 + 1_000);
      // The lock ended with the winner's transaction: the next call runs.
      expect(await withJobLock(b, job, async () => 'again')).toEqual({ ran: true, result: 'again' });
      // Another job's name is another lock.
      const [x, y] = await Promise.all([
        withJobLock(a, job, slowJob),
        withJobLock(b, `${job}-other`, async () => 'other'),
      ]);
      expect([x.ran, y.ran]).toEqual([true, true]);
    } finally {
      await poolA.end();
      await poolB.end();
    }
  });

  it('frees the lock when the job fails, and rolls back the job writes', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzlePg(pool) as unknown as Db;
    const job = `test-fail-${process.pid}-${Date.now()}`;
    try {
      await expect(
        withJobLock(db, job, async () => {
          throw new Error('job failed');
        }),
      ).rejects.toThrow('job failed');
      expect(await withJobLock(db, job, async () => 1)).toEqual({ ran: true, result: 1 });
    } finally {
      await pool.end();
    }
  });
});

describe('job lock on PGlite (one process)', () => {
  it('runs the job', async () => {
    const client = new PGlite();
    const db = drizzlePglite(client) as unknown as Db;
    try {
      expect(await withJobLock(db, 'x', async () => 42)).toEqual({ ran: true, result: 42 });
      // Its transactions run one after another, so two calls both run, in turn.
      const both = await Promise.all([withJobLock(db, 'x', async () => 1), withJobLock(db, 'x', async () => 2)]);
      expect(both.map((r) => r.ran)).toEqual([true, true]);
    } finally {
      await client.close();
    }
  });
});
