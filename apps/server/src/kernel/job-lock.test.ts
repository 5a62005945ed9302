import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client';
import { sqlRows } from '../test/harness';
import { claimPeriod, withJobLock } from './job-lock';

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

/** A new migrated database on the PostgreSQL server, opened by two instances (two pools). */
async function sharedDatabase(): Promise<{ a: Database; b: Database; drop: () => Promise<void> }> {
  const name = `ess_test_jobs_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const at = new URL(url ?? '');
  at.pathname = `/${name}`;
  const a = await openDatabase({ url: at.toString() });
  const b = await openDatabase({ url: at.toString() });
  return {
    a,
    b,
    drop: async () => {
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe.skipIf(!url)('a job scheduled on two instances runs once per period', () => {
  it('counts one run per period across both, as their timers fire at their own phases', async () => {
    const { a, b, drop } = await sharedDatabase();
    const PERIOD = 200;
    const RUN_MS = 2_100;
    try {
      await a.db.execute(sql`CREATE TABLE job_counter (n integer NOT NULL)`);
      await a.db.execute(sql`INSERT INTO job_counter VALUES (0)`);
      // Every claim's time as the claim itself stored it (run_at, the claiming statement's
      // now()): the gaps between claims, free of whatever delays the job after its claim.
      await a.db.execute(sql`CREATE TABLE job_claims (at timestamptz NOT NULL)`);
      await a.db.execute(sql`CREATE FUNCTION record_claim() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO job_claims VALUES (NEW.run_at); RETURN NEW; END $$`);
      await a.db.execute(sql`CREATE TRIGGER record_claim AFTER INSERT OR UPDATE ON sys_job_run
        FOR EACH ROW WHEN (NEW.job = 'test-counter') EXECUTE FUNCTION record_claim()`);
      const ranOn = { a: 0, b: 0 };
      // The job: count the run in a counter row.
      const job = async (db: Db, who: 'a' | 'b') => {
        if (!(await claimPeriod(db, 'test-counter', PERIOD))) return;
        ranOn[who]++;
        await db.execute(sql`UPDATE job_counter SET n = n + 1`);
      };
      const timerA = setInterval(() => void job(a.db, 'a'), PERIOD);
      // B's timer is out of phase with A's by 90 ms.
      await pause(90);
      const timerB = setInterval(() => void job(b.db, 'b'), PERIOD);
      await pause(RUN_MS);
      clearInterval(timerA);
      clearInterval(timerB);
      await pause(100);
      const [counter] = await sqlRows<{ n: number }>(a.db, sql`SELECT n FROM job_counter`);
      const [stored] = await sqlRows<{ runs: number }>(
        a.db,
        sql`SELECT runs FROM sys_job_run WHERE job = 'test-counter'`,
      );
      // About RUN_MS / PERIOD periods (10), not twice that (20 timer firings).
      expect(counter?.n).toBeGreaterThanOrEqual(8);
      expect(counter?.n).toBeLessThanOrEqual(12);
      expect(Number(stored?.runs)).toBe(counter?.n);
      expect(ranOn.a + ranOn.b).toBe(counter?.n);
      // Never two runs within one period (the claim wants 80 % of it behind).
      const gaps = await sqlRows<{ gap: number | null }>(
        a.db,
        sql`SELECT extract(epoch FROM at - lag(at) OVER (ORDER BY at)) * 1000 AS gap FROM job_claims`,
      );
      const measured = gaps
        .map((g) => g.gap)
        .filter((g): g is number => g !== null)
        .map(Number);
      expect(measured).toHaveLength((counter?.n ?? 0) - 1);
      expect(Math.min(...measured)).toBeGreaterThanOrEqual(PERIOD * 0.8);
    } finally {
      await drop();
    }
  });

  it('gives the period to one of two simultaneous claims', async () => {
    const { a, b, drop } = await sharedDatabase();
    try {
      const claims = await Promise.all([
        ...Array.from({ length: 5 }, () => claimPeriod(a.db, 'same-moment', 60_000)),
        ...Array.from({ length: 5 }, () => claimPeriod(b.db, 'same-moment', 60_000)),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      await drop();
    }
  });
});
