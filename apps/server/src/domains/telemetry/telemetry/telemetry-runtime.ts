import { hostname } from 'node:os';
import { type CommandPayload, commandPayload, topicOf } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { devices } from '../../../db/schema';
import { tsLatest } from '../../../db/telemetry-schema';
import type { Env } from '../../../env';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { instanceId } from '../../../lib/instance-id';
import { createRelayTransport } from '../../../lib/relay/create-relay-transport';
import type { DeviceIdentity } from '../../../mqtt/device-access';
import { type DeviceMessageHandler, deviceMessageHandler } from '../../../mqtt/device-messages';
import { type BrokerAddress, type EmbeddedBroker, startEmbeddedBroker } from '../../../mqtt/embedded-broker';
import { type ExternalIngest, startExternalIngest } from '../../../mqtt/external-ingest';
import { secretMatches } from '../../stations/device';
import { SessionTakeover } from '../cluster';
import { ClusterRelay } from './cluster-relay';
import { DeviceStatusTracker } from './device-status';
import { DAY_MS } from './ingest-batch';
import { IngestService } from './ingest-service';
import type { IngestStats } from './ingest-stats';
import { LatestValues } from './latest-values';
import { PartitionManager } from './partitions';
import { PgWriterSession } from './pg-writer-session';
import { PgliteWriterSession } from './pglite-writer-session';
import { PointRegistry } from './point-registry';
import { RollupAccumulator } from './rollup-accumulator';
import { RollupRoller } from './rollup-roller';
import { VirtualPointEngine } from './virtual-points';
import type { WriterSession } from './writer-session';

/** What the pipeline logs through (Fastify's logger fits). */
export type TelemetryLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Knobs for tests (not configuration). */
export type TelemetryHooks = {
  /** Runs before every ingest write attempt; throwing fails it (a database outage). */
  beforeWrite?: () => void | Promise<void>;
  /** Period of the offline check (ms). */
  statusCheckMs?: number;
};

export type TelemetryDeps = {
  env: Env;
  database: Database;
  bus: TelemetryBus;
  log: TelemetryLog;
  hooks?: TelemetryHooks;
};

const RELOAD_MS = 60_000;
const MAINTENANCE_MS = 3_600_000;
/** How long close() keeps rolling the last roll-up deltas (what is left is rolled at the next start). */
const LAST_ROLL_MS = 10_000;

/**
 * The telemetry pipeline of one server: point registry, ingest, device status, and either the
 * embedded MQTT broker or the subscription to an external one (MQTT_URL). Built with the app
 * and started when it is ready, so it sees the seeded data; closed with the app.
 */
export class TelemetryRuntime {
  readonly registry: PointRegistry;
  /**
   * Newest values in memory for "current value" reads, on the embedded database only (this
   * instance writes every sample there; PostgreSQL answers ts_latest reads concurrently).
   */
  readonly latest: LatestValues | null;
  private ingest: IngestService | null = null;
  private roller: RollupRoller | null = null;
  private status: DeviceStatusTracker | null = null;
  private sessions: WriterSession[] = [];
  private embedded: EmbeddedBroker | null = null;
  private external: ExternalIngest | null = null;
  private takeover: SessionTakeover | null = null;
  private relay: ClusterRelay | null = null;
  private onMessage: DeviceMessageHandler | null = null;
  private maintainPartitions: (() => Promise<string[]>) | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;

  constructor(private readonly deps: TelemetryDeps) {
    this.registry = new PointRegistry(deps.database.db);
    this.latest =
      deps.database.kind === 'pglite' ? new LatestValues(deps.database.db, () => this.registry.snapshot) : null;
    this.latest?.attach(deps.bus);
  }

  /** The event bus the pipeline publishes to. */
  get bus(): TelemetryBus {
    return this.deps.bus;
  }

  /** The embedded broker's address (null with an external broker or before start). */
  get broker(): BrokerAddress | null {
    return this.embedded?.address ?? null;
  }

  /** Ingest counters, quarantine reasons included. */
  stats(): IngestStats | null {
    const stats = this.ingest?.stats() ?? null;
    if (stats && this.roller) {
      stats.rolls = this.roller.rolls;
      stats.rolledDeltas = this.roller.taken;
      stats.rolledFromMemory = this.roller.fromMemory;
      stats.lastRollMs = this.roller.lastRollMs;
    }
    return stats;
  }

  /**
   * Rolls the pending roll-up deltas until none is left (tests, tools): afterwards ts_latest,
   * ts_15m and ts_1d include every sample committed before the call.
   */
  async settleRollups(): Promise<void> {
    if (!this.roller) throw new Error('telemetry is not running');
    await this.roller.settle();
  }

  /** Whether the device is online now (status, last will, data within 3 intervals). */
  deviceOnline(deviceId: number): boolean {
    return this.status?.isOnline(deviceId) ?? false;
  }

  /**
   * Whether a command published now reaches the device: with the embedded broker, whether it is
   * subscribed to its command topic here (data it resends after a restart comes before its
   * subscription); with an external broker, which keeps sessions across our restarts, whether
   * it was heard at or after `at` (before that its state is only as stored).
   */
  deviceListening(deviceId: number, at: number): boolean {
    if (this.embedded) return this.embedded.listening(deviceId);
    return this.status?.heardSince(deviceId, at) ?? false;
  }

  /** Sends a command to a device on `ess/<station>/<sn>/cmd` (QoS 1). */
  async publishCommand(stationCode: string, sn: string, payload: CommandPayload): Promise<void> {
    const body = Buffer.from(JSON.stringify(commandPayload.parse(payload)));
    const topic = topicOf(stationCode, sn, 'cmd');
    if (this.embedded) return this.embedded.publish(topic, body);
    if (this.external) return this.external.publish(topic, body);
    throw new Error('telemetry is not running');
  }

  /**
   * A device message that came another way (tools, tests): handled exactly like one from the
   * broker; resolves when it would be acknowledged (its data committed).
   */
  receive(topic: string, payload: Buffer): Promise<void> {
    const handle = this.onMessage;
    if (!handle) return Promise.reject(new Error('telemetry is not running'));
    return new Promise((resolve, reject) => handle(topic, payload, (err) => (err ? reject(err) : resolve())));
  }

  /** Partition upkeep now (it also runs hourly): today's and tomorrow's, retention drops. */
  maintain(): Promise<string[]> {
    return this.maintainPartitions?.() ?? Promise.resolve([]);
  }

  /** Starts everything; on failure, what was started is stopped again before the error is thrown. */
  async start(): Promise<void> {
    try {
      await this.open();
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  private async open(): Promise<void> {
    const { env, database, bus, log, hooks } = this.deps;
    const { db } = database;
    await this.registry.reload();
    for (const e of this.registry.snapshot.formulaErrors) log.warn({ formula: e }, 'virtual point formula not used');

    // PostgreSQL: a connection per writer lane and one for partition DDL. PGlite runs one
    // statement at a time anyway: one lane.
    const raw = database.raw;
    const newSession = (): WriterSession =>
      raw.kind === 'postgres' ? new PgWriterSession(raw.pool) : new PgliteWriterSession(raw.client);
    const writers = raw.kind === 'postgres' ? env.INGEST_WRITERS : 1;
    // Sessions: partition DDL, the roll-up roller, then one per writer lane.
    this.sessions = Array.from({ length: writers + 2 }, newSession);
    const [ddl, rolls, ...sessions] = this.sessions;
    if (!ddl || !rolls) throw new Error('no database session');
    // Rolls what deltas a previous process left at once, then after commits; the lanes'
    // deferred batches reach it as aggregates kept in memory.
    const accumulator = new RollupAccumulator();
    const roller = new RollupRoller(
      rolls,
      () => this.registry.snapshot,
      { intervalMs: env.ROLLUP_INTERVAL_MS, minIntervalMs: env.ROLLUP_MIN_INTERVAL_MS },
      log,
      accumulator,
    );
    this.roller = roller;
    roller.kick();
    const partitions = new PartitionManager(ddl, env.RAW_RETENTION_DAYS);
    await partitions.load();

    const loadLatest = async (ids: number[]) => {
      const out = new Map<number, { ts: number; value: number }>();
      for (let i = 0; i < ids.length; i += 5000) {
        const rows = await db
          .select()
          .from(tsLatest)
          .where(inArray(tsLatest.pointId, ids.slice(i, i + 5000)));
        for (const r of rows) out.set(r.pointId, { ts: r.ts.getTime(), value: r.value });
      }
      return out;
    };
    const virtual = new VirtualPointEngine(this.registry.snapshot);
    await virtual.sync(this.registry.snapshot, loadLatest);

    const status = new DeviceStatusTracker(db, bus, log);
    await status.load(this.registry.snapshot.devicesById.values());
    status.start(hooks?.statusCheckMs ?? 1000);
    this.status = status;

    const ingest = new IngestService(
      {
        registry: this.registry,
        sessions,
        partitions,
        virtual,
        status,
        bus,
        log,
        rollupsDeferred: () => roller.kick(),
        rollerBusy: () => roller.busy(),
        accumulator,
      },
      {
        batchRows: env.INGEST_BATCH_ROWS,
        flushMs: env.INGEST_FLUSH_MS,
        inlineRollupRows: env.ROLLUP_INLINE_ROWS,
        maxPendingRows: env.INGEST_MAX_PENDING_ROWS,
        retentionDays: env.RAW_RETENTION_DAYS,
        caps: { perSample: env.INGEST_MAX_POINTS_PER_SAMPLE, perMessage: env.INGEST_MAX_POINTS_PER_MESSAGE },
        beforeWrite: hooks?.beforeWrite,
      },
    );
    this.ingest = ingest;
    this.maintainPartitions = async () => {
      const today = Math.floor(Date.now() / DAY_MS);
      await partitions.ensure([today, today + 1]);
      const dropped = await partitions.dropExpired(Date.now());
      if (dropped.length > 0) log.info({ dropped }, 'raw telemetry partitions dropped (retention)');
      return dropped;
    };
    const maintain = () => this.maintain().catch((err: unknown) => log.warn({ err }, 'partition upkeep failed'));
    await maintain();
    this.every(MAINTENANCE_MS, maintain);

    this.registry.onReload((s) => {
      status.sync(s.devicesById.values());
      virtual.sync(s, loadLatest).catch((err: unknown) => log.warn({ err }, 'latest values not loaded'));
    });
    this.registry.startPeriodic(RELOAD_MS, (err) => log.warn({ err }, 'point registry reload failed'));
    this.unsubscribe.push(
      bus.on('devicesChanged', () => {
        this.registry.reload().catch((err: unknown) => log.warn({ err }, 'point registry reload failed'));
      }),
    );

    const onMessage = deviceMessageHandler({ registry: this.registry, ingest, status, bus });
    this.onMessage = onMessage;
    if (env.MQTT_URL) {
      // Instances sharing the broker's telemetry show each other what they committed.
      // RELAY picks the transport: PostgreSQL LISTEN/NOTIFY, Redis or NATS.
      const transport = createRelayTransport(env, raw, log);
      if (transport) {
        const relay = new ClusterRelay({
          transport,
          bus,
          log,
          onRemoteSeen: (ids) => status.seen(ids.flatMap((id) => this.registry.snapshot.devicesById.get(id) ?? [])),
        });
        await relay.start();
        this.relay = relay;
      }
      const clientId = instanceId(env);
      // On a shared database a live instance serves the MQTT sessions of one that stopped.
      const takeover =
        raw.kind === 'postgres'
          ? new SessionTakeover({
              db,
              self: { id: clientId, host: hostname(), pid: process.pid, connections: env.MQTT_INGEST_CONNECTIONS },
              log,
            })
          : null;
      await takeover?.register();
      this.takeover = takeover;
      const external = await startExternalIngest({
        url: env.MQTT_URL,
        connections: env.MQTT_INGEST_CONNECTIONS,
        clientId,
        shareGroup: env.MQTT_SHARE_GROUP,
        sessionExpiryS: env.MQTT_SESSION_EXPIRY_S,
        onMessage,
        log,
      });
      this.external = external;
      ingest.onSaturation((paused) => external.setPaused(paused));
      takeover?.start(external);
    } else {
      this.embedded = await startEmbeddedBroker({
        host: env.MQTT_HOST,
        port: env.MQTT_PORT,
        authenticate: (u, p) => this.authenticate(u, p),
        maxPacketBytes: env.MQTT_MAX_PACKET_BYTES,
        onMessage,
        log,
      });
      const embedded = this.embedded;
      this.unsubscribe.push(
        bus.on('deviceSecretRotated', ({ deviceId }) => {
          const n = embedded.disconnectDevice(deviceId);
          if (n > 0)
            log.info({ deviceId, connections: n }, 'device secret rotated: connections with the old one closed');
        }),
      );
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    for (const u of this.unsubscribe) u();
    this.latest?.detach();
    this.registry.stopPeriodic();
    const drain = async () => {
      await this.ingest?.close();
      // Then the last roll, so a graceful stop leaves no deltas behind (a crash leaves them to the next start).
      await this.roller
        ?.close(Date.now() + LAST_ROLL_MS)
        .catch((err: unknown) => this.deps.log.warn({ err }, 'last roll-up roll not finished'));
    };
    // Data already taken is committed (and acknowledged) before the broker goes away.
    if (this.embedded) await this.embedded.close(drain);
    else await drain();
    await this.takeover?.close();
    await this.external?.close();
    await this.relay?.close();
    await this.status?.close();
    for (const s of this.sessions) await s.close();
  }

  private every(ms: number, fn: () => unknown): void {
    const t = setInterval(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  /** Serial + secret → the device; the hash is read fresh, so a rotated secret applies at once. */
  private async authenticate(username: string, password: Buffer): Promise<DeviceIdentity | null> {
    let hash: string | null;
    try {
      const [row] = await this.deps.database.db
        .select({ hash: devices.mqttSecretHash })
        .from(devices)
        .where(eq(devices.sn, username));
      hash = row?.hash ?? null;
    } catch {
      // Database unavailable: the last known secret lets devices reconnect (their data waits).
      hash = this.registry.snapshot.devicesBySn.get(username)?.secretHash ?? null;
    }
    if (!secretMatches(hash, password)) return null;
    let device = this.registry.snapshot.devicesBySn.get(username);
    if (!device) {
      await this.registry.reload();
      device = this.registry.snapshot.devicesBySn.get(username);
    }
    if (!device || device.type === 'virtual') return null;
    return { deviceId: device.id, sn: device.sn, stationCode: device.station.code };
  }
}

/** Stable across restarts of this host's server, distinct between hosts. */

/** Builds and starts the pipeline (tools and benchmarks; the app starts it when ready). */
export async function startTelemetry(deps: TelemetryDeps): Promise<TelemetryRuntime> {
  const runtime = new TelemetryRuntime(deps);
  await runtime.start();
  return runtime;
}
