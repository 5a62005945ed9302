import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Endpoint, ResultCode } from '@ess/contract';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { apiModules } from './domains';
import type { AuthService, Clock } from './domains/access/auth';
import { createAuthService } from './domains/access/auth';
import { CommandService } from './domains/control/command';
import { opsRoutes, registerLifecycle, scheduleRetention } from './domains/platform/ops';
import { PlatformState } from './domains/platform/platform';
import { type TelemetryHooks, TelemetryRuntime } from './domains/telemetry/telemetry';
import type { Env } from './env';
import { TelemetryBus } from './kernel/telemetry-bus';
import { AppError } from './lib/app-error';
import { instanceId } from './lib/instance-id';
import { loggableError } from './lib/loggable-error';
import { compiledSerializerCompiler } from './lib/response-serializer';
import { loopDelayProbe, ServerLoad } from './lib/server-load';
import { textSafeValidatorCompiler } from './lib/text-safe-validator';
import { registerRequestContext, registerSessionGuard } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { createOperationLog } from './plugins/operation-log';
import { rateLimitBackend } from './plugins/rate-limit-store';
import { registerRequestId, requestForLog, requestLogOptions } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serverRoot } from './server-root';

export type AppOptions = {
  env: Env;
  database: Database;
  /** pino options or false; tests pass false (or a stream to read the log lines). */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
  /** Test knobs of the telemetry pipeline (fault injection, status check period). */
  telemetryHooks?: TelemetryHooks;
  /** Clock of the login defences (key rotation, lockouts); tests move it forward. */
  clock?: Clock;
  /** Every answer also written by zod and compared (tests: lib/response-serializer.ts). */
  verifyResponses?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The telemetry pipeline (MQTT, ingest, device status); null with TELEMETRY=off. */
    telemetry: TelemetryRuntime | null;
    /** Version and simulated stations, as the interface is told (GET /sys/platform/info). */
    platform: PlatformState;
    /** Every command to a device goes through it (tests and benches watch its settle events). */
    commands: CommandService;
    /** Every route as registered, with its endpoint entry if it has one (checked by a test). */
    registeredRoutes: RegisteredRoute[];
    /** Sign-in and sessions (tests that change session or rights rows directly announce it here). */
    auth: AuthService;
  }
}

export type RegisteredRoute = { method: string; url: string; endpoint: Endpoint | null };

const defaultWebDist = path.join(serverRoot, '../web/dist');

/** Retired login keys, used keys, old failures and ended sessions are deleted this often. */
const AUTH_PURGE_MS = 60_000;

/** Fields the logger must never print. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.aesKey',
  'req.body.iv',
  'req.body.oldPwd',
  'req.body.newPwd',
  'req.body.bigToken',
];

export async function buildApp({
  env,
  database,
  logger = false,
  telemetryHooks,
  clock = Date.now,
  verifyResponses = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false ? false : { ...(logger === true ? {} : logger), redact, serializers: { req: requestForLog } },
    bodyLimit: 1024 * 1024,
    // Forwarded addresses are believed only from configured proxies; otherwise a client could
    // pick its own address and escape the per-address limits.
    trustProxy: env.TRUST_PROXY ?? false,
    ajv: { customOptions: { removeAdditional: false } },
    // Request ids (x-request-id when sane) and whether each request is logged at info.
    ...requestLogOptions(env),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: verifyResponses }));

  // Telemetry events (committed samples, device status) for live push and later consumers, and
  // session changes (the session cache hears them, the cluster relay passes them on).
  const bus = new TelemetryBus();
  // Sign-ins wait while the server is behind on those already in (lib/server-load.ts).
  const loop = database.kind === 'postgres' ? loopDelayProbe() : null;
  const load = new ServerLoad({ queued: database.waiting, loopDelayMs: loop?.read ?? null });
  const stopLoad = load.start();
  app.addHook('onClose', async () => {
    stopLoad();
    loop?.stop();
  });
  const auth = await createAuthService(database.db, env, bus, { clock, load });
  app.decorate('auth', auth);
  // Counted where every instance sees the same window (Redis or this database).
  const limits = rateLimitBackend(env.REDIS_URL, database.db, app.log);
  // Idempotent deletes: every instance may run them, no job lock needed.
  const purge = setInterval(() => {
    auth.purge().catch((err: unknown) => app.log.warn({ err: loggableError(err) }, 'login clean-up failed'));
    limits.purge().catch((err: unknown) => app.log.warn({ err: loggableError(err) }, 'rate-limit clean-up failed'));
  }, AUTH_PURGE_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await limits.close();
  });
  // Old rows of the growing tables, deleted once across instances (domains/platform/ops/retention.ts).
  scheduleRetention(app, database.db, env);

  // Started when the app is ready (after the seed in main.ts), stopped with it.
  const telemetry =
    env.TELEMETRY === 'on' ? new TelemetryRuntime({ env, database, bus, log: app.log, hooks: telemetryHooks }) : null;
  app.decorate('telemetry', telemetry);
  const platform = new PlatformState();
  app.decorate('platform', platform);
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      registeredRoutes.push({ method, url: r.url, endpoint: r.config?.endpoint ?? null });
    }
  });
  if (telemetry) {
    app.addHook('onReady', () => telemetry.start());
    app.addHook('onClose', () => telemetry.close());
  }

  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist;
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  registerRequestId(app);
  registerErrorHandling(app, { spa: serveWeb });
  registerRequestContext(app);
  const lifecycle = registerLifecycle(app);

  const tls = env.PUBLIC_URL?.startsWith('https://') ?? false;
  registerSecurityHeaders(app, tls);
  await app.register(rateLimit, {
    global: false,
    ...limits.options,
    // A store that cannot be reached lets the request through rather than failing it.
    skipOnError: true,
    // The plugin throws what this returns; the error handler localizes it.
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, ResultCode.RATE_LIMITED, 'rateLimited', { seconds: Math.ceil(ctx.ttl / 1000) }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ess-platform API',
        version: '0.1.0',
        description: 'Every body is the envelope {code, msg, data}.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (the recursive menu and device trees) become components.
    transformObject: jsonSchemaTransformObject,
  });
  // helmet's policy (inline styles allowed, scripts only from self) covers the Swagger page too.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // One command service per instance; acks are tracked and timeouts swept from the moment the
  // app is ready (also with telemetry off: commands a stopped server left in flight are settled).
  const commands = new CommandService({
    db: database.db,
    bus,
    telemetry,
    timeoutS: env.COMMAND_TIMEOUT_S,
    log: app.log,
    instanceId: instanceId(env),
  });
  app.decorate('commands', commands);
  app.addHook('onReady', async () => commands.start());
  app.addHook('onClose', async () => commands.stop());
  // Before the routes it measures (its HTTP hook applies to routes registered after it).
  registerMetrics(app, { env, db: database.db, raw: database.raw, bus, telemetry, commands, load });

  const operationLog = createOperationLog(app, database.db);
  await app.register(
    async (api) => {
      registerSessionGuard(api, auth, database.db);
      operationLog.register(api);
      await api.register(opsRoutes({ env, db: database.db, telemetry, lifecycle }));
      for (const mod of apiModules)
        await api.register(mod({ env, db: database.db, auth, bus, telemetry, platform, commands }));
    },
    { prefix: '/api' },
  );

  // The build writes .br/.gz beside each asset; clients that accept them get those. Hashed
  // assets never change, so browsers keep them; the page and version file are always revalidated.
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
