import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { handleShutdownSignals } from './domains/platform/ops';
import { loadEnv } from './env';
import { startDemoSimulation } from './simulation/demo-simulation';

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });
await seedDatabase(database.db, env, app.log);
try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  // A taken port is a setup mistake, not a crash: say what to change, stop what started.
  const inUse = err instanceof Error && 'code' in err && err.code === 'EADDRINUSE';
  if (inUse) app.log.error(`port ${env.HOST}:${env.PORT} is in use: set PORT (0 = any free port)`);
  else app.log.error({ err }, 'server failed to start');
  await app.close();
  await database.close();
  process.exit(1);
}
// With PORT=0 the system picks the port; tools (e2e, bench) read it from this line.
const { port } = app.server.address() as AddressInfo;
app.log.info(
  `ess-platform listening on http://localhost:${port} (${database.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`,
);
// Tools (crash test, bench) read the MQTT port from this line, as with PORT=0 above.
const mqtt = app.telemetry?.broker;
if (mqtt) app.log.info(`MQTT broker listening on mqtt://${mqtt.host}:${mqtt.port}`);
else if (env.TELEMETRY === 'on' && env.MQTT_URL) app.log.info('MQTT: subscribed to the broker at MQTT_URL');

// The demo stations' simulator runs beside the server; its history backfill must not delay start-up.
const brokerUrl = env.MQTT_URL ?? (mqtt ? `mqtt://127.0.0.1:${mqtt.port}` : null);
// Shutdown aborts a simulator start still backfilling, instead of waiting for its end.
const starting = new AbortController();
const simulation =
  brokerUrl && env.TELEMETRY === 'on'
    ? startDemoSimulation({
        env,
        db: database.db,
        brokerUrl,
        log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
        signal: starting.signal,
        // The interface marks these stations' data as the simulator's (navbar "demo data").
        onStations: (ids) => app.platform.setSimulated(ids),
      })
        .then((sim) => {
          if (!sim) app.platform.setSimulated([]);
          return sim;
        })
        .catch((err: unknown) => {
          app.platform.setSimulated([]);
          app.log.error({ err }, 'simulator failed to start');
          return null;
        })
    : Promise.resolve(null);

// app.close() stops taking connections, lets in-flight requests finish, then the telemetry
// runtime commits the batches it took (their PUBACKs go out) before its broker closes.
handleShutdownSignals({
  log: app.log,
  delayMs: env.SHUTDOWN_DELAY_MS,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  begin: () => {
    app.lifecycle.beginShutdown();
    starting.abort();
  },
  stop: async () => {
    await (await simulation)?.stop();
    await app.close();
    await database.close();
  },
});
