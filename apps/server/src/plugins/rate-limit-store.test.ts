import { randomInt } from 'node:crypto';
import { ResultCode } from '@ess/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { createTestApp, DEMO_PASSWORD, loginBody, sqlRows, type TestContext } from '../test/harness';
import { redisRunning } from '../test/redis';

const LIMIT = 3;
const redisUrl = 'redis://127.0.0.1:6379';

/** Two instances (apps) on one PostgreSQL database, each with its own pool, as two processes would be. */
async function twoInstances(overrides: Record<string, string>) {
  const a = await createTestApp({ LOGIN_RATE_PER_MINUTE: String(LIMIT), TELEMETRY: 'off', ...overrides });
  if (a.database.raw.kind !== 'postgres') throw new Error('needs PostgreSQL');
  const database: Database = await openDatabase({ url: a.database.raw.url });
  const b: FastifyInstance = await buildApp({ env: a.env, database, logger: false });
  await b.ready();
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await database.close();
      await a.close();
    },
  };
}

/** Sign-in attempts from one address, alternating between the instances; their HTTP statuses. */
async function attempts(apps: FastifyInstance[], n: number): Promise<{ status: number; code: number }[]> {
  // An address of its own per run: a Redis shared with other runs keeps their counters.
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const out: { status: number; code: number }[] = [];
  for (let i = 0; i < n; i++) {
    const app = apps[i % apps.length] as FastifyInstance;
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/user/login',
      payload: await loginBody(app, 'maintainer', DEMO_PASSWORD),
      remoteAddress: ip,
    });
    out.push({ status: res.statusCode, code: res.json().code as number });
  }
  return out;
}

const expectShared = (got: { status: number; code: number }[]) => {
  // The limit is one window for both: the (LIMIT+1)th attempt, whichever instance takes it, is refused.
  expect(got.slice(0, LIMIT).map((r) => r.code)).toEqual(Array(LIMIT).fill(200));
  expect(got.slice(LIMIT)).toEqual([
    { status: 429, code: ResultCode.RATE_LIMITED },
    { status: 429, code: ResultCode.RATE_LIMITED },
  ]);
};

describe.skipIf(!process.env.DATABASE_URL)('sign-in rate limit shared by two instances on one database', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({});
  });
  afterAll(() => pair?.close());

  it('counts attempts on both instances in one window (database store)', async () => {
    expectShared(await attempts([pair.a.app, pair.b], LIMIT + 2));
    // One counter row for the route and address, holding every attempt of both.
    const rows = await sqlRows<{ key: string; hits: number }>(
      pair.a.database.db,
      sql`SELECT key, hits FROM sys_rate_limit WHERE key LIKE 'POST/api/sys/user/login-%'`,
    );
    expect(rows.map((r) => r.hits)).toEqual([LIMIT + 2]);
  });
});

const redisUp = await redisRunning(redisUrl);
if (!redisUp) console.warn(`rate-limit Redis store test skipped: no Redis at ${redisUrl}`);

describe.skipIf(!process.env.DATABASE_URL || !redisUp)('sign-in rate limit shared through Redis (REDIS_URL)', () => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({ REDIS_URL: redisUrl });
  });
  afterAll(() => pair?.close());

  it('counts attempts on both instances in one window (Redis store)', async () => {
    expectShared(await attempts([pair.a.app, pair.b], LIMIT + 2));
  });
});

describe('sign-in rate limit on one instance (PGlite or PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ LOGIN_RATE_PER_MINUTE: String(LIMIT), TELEMETRY: 'off' });
  });
  afterAll(() => ctx?.close());

  it('refuses the attempt over the limit with the localized envelope, and keeps other addresses apart', async () => {
    expectShared(await attempts([ctx.app], LIMIT + 2));
    expect((await attempts([ctx.app], 1))[0]?.code).toBe(200);
  });
});
