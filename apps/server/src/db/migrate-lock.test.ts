import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { importPublicKey, sealSecret } from '@ess/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { startInstance } from '../test/server-process';
import { openDatabase } from './client';
import { seedDatabase } from './seed';

const baseUrl = process.env.DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const journal = JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const ADMIN_PASSWORD = 'admin-pass-1';
const created: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** An empty database (no migrations) on the test server; dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `ess_mig_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  created.push(name);
  const url = new URL(baseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

/** The schema as pg_dump prints it (owners and privileges aside). */
async function schemaOf(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pg_dump', ['--schema-only', '--no-owner', '--no-privileges', url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  // pg_dump 15.14+ brackets the script with a random \restrict key.
  return stdout.replace(/^\\(un)?restrict .*$/gm, '');
}

/** Each migration once, in order. */
async function expectMigratedOnce(url: string): Promise<void> {
  const rows = await query<{ hash: string }>(url, 'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
  expect(rows).toHaveLength(journal.entries.length);
  expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
}

afterAll(async () => {
  if (!baseUrl) return;
  await admin(async (c) => {
    for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
});

describe.skipIf(!baseUrl)('migrations when several instances start at once (PostgreSQL)', () => {
  it('four openDatabase + seed side by side: all succeed, each migration applied once, seeded once', async () => {
    const url = await emptyDatabase();
    const env = loadEnv({ ...process.env, ADMIN_PASSWORD, DEMO_PASSWORD: 'demo-pass-1' });
    const quiet = { info: () => {}, warn: () => {} };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        const database = await openDatabase({ url });
        try {
          return await seedDatabase(database.db, env, quiet);
        } finally {
          await database.close();
        }
      }),
    );
    const failed = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(failed).toEqual([]);
    const seeded = outcomes.filter((o) => o.status === 'fulfilled' && o.value === true);
    expect(seeded).toHaveLength(1);
    await expectMigratedOnce(url);
    const users = await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM sys_user WHERE username = 'admin'`);
    expect(users).toEqual([{ n: 1 }]);

    // The same schema as one instance migrating alone.
    const alone = await emptyDatabase();
    await (await openDatabase({ url: alone })).close();
    expect(await schemaOf(url)).toBe(await schemaOf(alone));
  });

  it('two server processes started together on an empty database both serve; one seed', {
    timeout: 180_000,
  }, async () => {
    const url = await emptyDatabase();
    const secret = randomBytes(32).toString('hex');
    const started = await Promise.allSettled([startServer(url, secret), startServer(url, secret)]);
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      for (const s of started) if (s.status === 'rejected') throw s.reason;
      const ports = servers.map((s) => s.port);
      await expectMigratedOnce(url);
      const marker = await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM sys_setting`);
      expect(marker[0]?.n).toBeGreaterThanOrEqual(1);
      const admins = await query<{ n: number }>(
        url,
        `SELECT count(*)::int AS n FROM sys_user WHERE username = 'admin'`,
      );
      expect(admins).toEqual([{ n: 1 }]);
      for (const port of ports) expect(await signIn(port)).toBe(200);
    } finally {
      await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    }
  });
});

/** The real server (main.ts) in a child process on `url`, HTTP on a free port, no telemetry. */
const startServer = (url: string, secret: string) =>
  startInstance({
    DATABASE_URL: url,
    TELEMETRY: 'off',
    ADMIN_PASSWORD,
    DEMO_PASSWORD: 'demo-pass-1',
    LOGIN_KEY_SECRET: secret,
  });

/** Signs in as admin over HTTP, the password sealed as the web app does; returns the code. */
async function signIn(port: number): Promise<number> {
  const base = `http://127.0.0.1:${port}/api/sys/user`;
  const key = (await (await fetch(`${base}/publicKey`)).json()) as { data: { publicKey: string } };
  const sealed = await sealSecret(await importPublicKey(key.data.publicKey), ADMIN_PASSWORD);
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: sealed.cipher,
      type: 'pc',
      aesKey: sealed.aesKey,
      iv: sealed.iv,
    }),
  });
  return ((await res.json()) as { code: number }).code;
}
