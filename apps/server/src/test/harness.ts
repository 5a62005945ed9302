import { randomBytes } from 'node:crypto';
import { importPublicKey, type LoginBody, sealSecret } from '@ess/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import pg from 'pg';
import { buildApp } from '../app';
import { type Database, type Db, openDatabase } from '../db/client';
import { devices, stations } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { rotateDeviceSecret } from '../domains/stations/device/device-secret';
import type { TelemetryHooks } from '../domains/telemetry/telemetry/telemetry-runtime';
import { type Env, loadEnv } from '../env';
import { seededImage, seededTemplate } from './seeded-image';

export const ADMIN_PASSWORD = 'admin-pass-1';
export const DEMO_PASSWORD = 'demo-pass-1';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** Where devices connect: the embedded broker (free port) or MQTT_URL; null with TELEMETRY=off. */
  mqttUrl: string | null;
  close: () => Promise<void>;
};

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped on close).
 */
async function freshDatabase(
  baseUrl: string | undefined,
  dataDir?: string,
  env?: Env,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!baseUrl) return { database: await openDatabase({ dataDir }), drop: async () => {} };
  const name = `ess_test_${randomBytes(6).toString('hex')}`;
  // Copied from a migrated, seeded template when the caller seeds with the test passwords.
  const from = env ? ` TEMPLATE ${await seededTemplate(baseUrl, env)}` : '';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${from}`);
      break;
    } catch (err) {
      // Another file copying the template at the same moment: try again shortly.
      if (attempt >= 20 || !String(err).includes('being accessed by other users')) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
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

/**
 * A fresh seeded database for a server run in another process (restart tests): PGlite in
 * `dataDir`, or a new PostgreSQL database when DATABASE_URL is set. `env` is what that
 * process needs to open it; the returned handle is open until `close`.
 */
export async function createTestDatabase(dataDir: string): Promise<{
  database: Database;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const env = loadEnv({ ...process.env, ADMIN_PASSWORD, DEMO_PASSWORD });
  const { database, drop } = await freshDatabase(env.DATABASE_URL, dataDir);
  await seedDatabase(database.db, env, { info: () => {}, warn: () => {} });
  const where: Record<string, string> =
    database.raw.kind === 'postgres' ? { DATABASE_URL: database.raw.url } : { DATA_DIR: dataDir };
  return { database, env: { ADMIN_PASSWORD, DEMO_PASSWORD, LOGIN_KEY_SECRET: testSecret(), ...where }, drop };
}

const testSecret = () => randomBytes(32).toString('hex');

export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  options: {
    telemetryHooks?: TelemetryHooks;
    clock?: () => number;
    /** Stands in for the database's queue as the server's load monitor reads it (lib/server-load.ts). */
    waiting?: () => number;
  } = {},
): Promise<TestContext> {
  // Each app has its own share group and client ids on a shared external broker, and its
  // sessions there expire soon after the test; the embedded broker never takes 1883.
  const instance = randomBytes(4).toString('hex');
  const env = loadEnv({
    ...process.env,
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    MQTT_SHARE_GROUP: `ess-test-${instance}`,
    MQTT_CLIENT_ID: `ess-test-${instance}`,
    MQTT_SESSION_EXPIRY_S: '60',
    // No secret file in the working directory; apps built again on this database share it.
    LOGIN_KEY_SECRET: testSecret(),
    ...overrides,
  });
  // In memory, every file starts from one migrated, seeded image (the seed then finds its marker).
  const { database, drop } = env.DATABASE_URL
    ? await freshDatabase(env.DATABASE_URL, undefined, env)
    : { database: await openDatabase({ dataDir: undefined, image: await seededImage(env) }), drop: async () => {} };
  await seedDatabase(database.db, env, { info: () => {}, warn: () => {} });
  const app = await buildApp({
    env,
    database: options.waiting ? { ...database, waiting: options.waiting } : database,
    logger: false,
    telemetryHooks: options.telemetryHooks,
    clock: options.clock,
    verifyResponses: true,
  });
  await app.ready();
  const broker = app.telemetry?.broker;
  return {
    app,
    database,
    env,
    mqttUrl: !app.telemetry ? null : broker ? `mqtt://127.0.0.1:${broker.port}` : (env.MQTT_URL ?? null),
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

/** New MQTT credentials of a device (its secret is rotated, as the credentials call does). */
export async function deviceCredentials(db: Db, sn: string): Promise<{ username: string; password: string }> {
  const [d] = await db.select({ id: devices.id }).from(devices).where(eq(devices.sn, sn));
  const creds = d ? await rotateDeviceSecret(db, d.id) : null;
  if (!creds) throw new Error(`no device ${sn}`);
  return creds;
}

/**
 * Connects to the test app's broker as the device `sn` (MQTT 3.1.1, no automatic
 * reconnect). Credentials are fresh unless given; an external broker ignores them.
 */
export async function connectDevice(
  ctx: TestContext,
  sn: string,
  options: Partial<IClientOptions> = {},
): Promise<MqttClient> {
  if (!ctx.mqttUrl) throw new Error('telemetry is off in this test app');
  const creds = options.password === undefined ? await deviceCredentials(ctx.database.db, sn) : null;
  return connectAsync(ctx.mqttUrl, {
    clientId: sn,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(creds ?? {}),
    ...options,
  });
}

/** Rows of a raw SQL query, on either driver. */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as { rows: T[] };
  return res.rows;
}
