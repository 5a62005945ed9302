import { randomBytes } from 'node:crypto';
import { importPublicKey, type LoginBody, sealSecret } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Database, type Db, openDatabase } from '../db/client';
import { stations } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { type Env, loadEnv } from '../env';

export const ADMIN_PASSWORD = 'admin-pass-1';
export const DEMO_PASSWORD = 'demo-pass-1';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close: () => Promise<void>;
};

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped on close).
 */
async function freshDatabase(baseUrl: string | undefined): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!baseUrl) return { database: await openDatabase({ dataDir: undefined }), drop: async () => {} };
  const name = `ess_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(overrides: Partial<Record<string, string>> = {}): Promise<TestContext> {
  const env = loadEnv({
    ...process.env,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...overrides,
  });
  const { database, drop } = await freshDatabase(env.DATABASE_URL);
  await seedDatabase(database.db, env, { info: () => {}, warn: () => {} });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    env,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export async function publicKeyOf(app: FastifyInstance): Promise<CryptoKey> {
  const res = await app.inject({ method: 'GET', url: '/api/sys/user/publicKey' });
  return importPublicKey(res.json().data.publicKey);
}

export async function loginBody(app: FastifyInstance, username: string, password: string): Promise<LoginBody> {
  const sealed = await sealSecret(await publicKeyOf(app), password);
  return { username, password: sealed.cipher, type: 'pc', aesKey: sealed.aesKey, iv: sealed.iv };
}

/** Signs in and returns the bearer token; fails the test if sign-in fails. */
export async function login(app: FastifyInstance, username: string, password?: string): Promise<string> {
  const pwd = password ?? (username === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/user/login',
    payload: await loginBody(app, username, pwd),
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${JSON.stringify(body)}`);
  return body.data.accessToken as string;
}

export const bearer = (token: string, lang = 'zh_CN') => ({ authorization: `Bearer ${token}`, lang });

/** One API call as the holder of `token` (anonymous when null), in `lang`. */
export function call(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object | string,
  lang = 'zh_CN',
) {
  return app.inject({ method, url, payload, headers: token ? bearer(token, lang) : { lang } });
}

/** A lookup of station ids by station code; an unknown code fails the test. */
export async function stationIdLookup(db: Db): Promise<(code: string) => number> {
  const rows = await db.select({ id: stations.id, code: stations.code }).from(stations);
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  return (code) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`no station ${code}`);
    return id;
  };
}
