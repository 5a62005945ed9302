import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestContext } from './harness';

/**
 * Two apps on one database (PostgreSQL) and one external broker, as two instances run: the
 * test context's app is A, `b` the second one with its own MQTT client id. The cluster relay
 * between them runs with an external broker only, so callers skip without DATABASE_URL and MQTT_URL.
 */
export async function startTwoApps(): Promise<{ ctx: TestContext; b: FastifyInstance }> {
  const ctx = await createTestApp({ TELEMETRY: 'on', SIMULATOR: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  const b = await buildApp({
    env: { ...ctx.env, MQTT_CLIENT_ID: `${ctx.env.MQTT_CLIENT_ID}-b` },
    database: ctx.database,
  });
  await b.ready();
  return { ctx, b };
}

/** Milliseconds until `check` holds (polling every 10 ms), or an error past `limitMs`. */
export async function msUntil(check: () => Promise<boolean>, limitMs = 5_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`condition still false after ${limitMs} ms`);
}
