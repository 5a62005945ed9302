import { isIP } from 'node:net';
import path from 'node:path';
import { DEVICE_MODELS, DISPATCH_DEVIATION_DEFAULTS, MAX_SAMPLES_PER_MESSAGE } from '@ess/contract';
import {
  type CommandBehaviour,
  type FaultRequest,
  parseCommandBehaviour,
  parseFaultRequest,
  parseUpgradeBehaviour,
  type UpgradeBehaviour,
} from '@ess/simulator';
import { z } from 'zod';
import { DEFAULT_ARGON2, MAX_ARGON2_MEMORY_KIB, MIN_ARGON2_WORK_KIB } from './lib/password';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_RANGES.includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  const family = isIP(ip ?? '');
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
const commaList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Point codes a sample may hold by default: four times the largest built-in model's point list
 * (device-catalog.ts), room for models that grow; a message, 10,000 such samples' worth of the
 * largest model (a full backfill array). A device whose own point list is longer gets that.
 */
const LARGEST_MODEL_POINTS = Math.max(...DEVICE_MODELS.map((m) => m.points.length));
const DEFAULT_POINTS_PER_SAMPLE = 4 * LARGEST_MODEL_POINTS;
const DEFAULT_POINTS_PER_MESSAGE = MAX_SAMPLES_PER_MESSAGE * LARGEST_MODEL_POINTS;

/** The only place that reads process.env (architecture rule 7). */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_PASSWORD: z.string().min(6).max(18).optional(),
  DEMO_PASSWORD: z.string().min(6).max(18).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(24),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Password hashes (Argon2id, ~25 ms of a core each) at once; default: the CPUs less one. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().optional(),
  /**
   * Argon2id's memory (KiB) and passes for new password hashes; together at least OWASP's
   * minimum (memory × passes ≥ 35,840 KiB, checked at start). Older hashes are replaced at
   * their next sign-in (lib/password.ts).
   */
  PASSWORD_ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(7168)
    .max(MAX_ARGON2_MEMORY_KIB)
    .default(DEFAULT_ARGON2.memoryKib),
  PASSWORD_ARGON2_PASSES: z.coerce.number().int().min(1).max(10).default(DEFAULT_ARGON2.passes),
  /** Password checks waiting for a turn; beyond it (or after 5 s of waiting) sign-in answers 503. */
  PASSWORD_QUEUE_MAX: z.coerce.number().int().min(0).default(200),
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDRs or loopback/linklocal/uniquelocal);
   * unset: none, the peer address is the client's.
   */
  TRUST_PROXY: z
    .string()
    .transform(commaList)
    .refine((l) => l.every(isProxyEntry), 'comma-separated IP addresses, CIDRs, loopback, linklocal or uniquelocal')
    .optional(),
  /** Address users reach the platform at; https:// turns on upgrade-insecure-requests and HSTS. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'http:// or https:// URL')
    .optional(),
  /**
   * Where devices reach the platform over HTTP to fetch firmware (the URL in an upgrade command);
   * unset: PUBLIC_URL, else http://127.0.0.1:<port>.
   */
  DEVICE_HTTP_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'http:// or https:// URL')
    .optional(),
  /** Encrypts the login private keys at rest; unset: a secret file in DATA_DIR. Same on every instance. */
  LOGIN_KEY_SECRET: z.string().min(32).optional(),
  /** Automatic sign-in of the shared large-screen account (`?from=screen`). */
  SCREEN_LOGIN: z.enum(['on', 'off']).default('on'),
  /** Station codes the large-screen account sees, or `all`. */
  SCREEN_STATIONS: z
    .string()
    .default('all')
    .transform((s) => (s.trim() === 'all' ? null : commaList(s)))
    .refine(
      (l) => l === null || (l.length > 0 && l.every((c) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(c))),
      'all or station codes',
    ),
  /**
   * Origin (`https://host[:port]`) of the visualisation host: menu links to it open with a
   * one-time sign-in code; unset: no link gets one.
   */
  VISUAL_HOST: z
    .string()
    .url()
    .refine((u) => /^https?:\/\/[^/\\]+\/?$/.test(u), 'http:// or https:// origin, without a path')
    .transform((u) => new URL(u).origin)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One info line per HTTP request (Fastify's request log); off: the completion line at debug only. */
  LOG_REQUESTS: z.enum(['on', 'off']).default('off'),
  /** Prometheus metrics at GET /metrics. */
  METRICS: z.enum(['on', 'off']).default('on'),
  /** When set, /metrics requires `Authorization: Bearer <METRICS_TOKEN>`; unset: open to anyone who reaches it. */
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  /** After SIGTERM/SIGINT, readiness answers 503 this long before the server stops taking connections. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** A shutdown that has not finished by then (delay included) exits anyway, with code 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  WEB_DIST: z.string().optional(),
  /** Telemetry pipeline (MQTT broker or subscription, ingest, device status); off for tools. */
  TELEMETRY: z.enum(['on', 'off']).default('on'),
  /** Embedded broker address; 0 picks a free port (the runtime reports it). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().default('0.0.0.0'),
  /** Largest MQTT packet the embedded broker takes; a bigger one closes the connection unread. */
  MQTT_MAX_PACKET_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(256 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  /** External broker (e.g. mqtt://127.0.0.1:1883): no embedded broker, the server subscribes there. */
  MQTT_URL: z
    .string()
    .url()
    .refine((u) => /^mqtts?:\/\//.test(u), 'mqtt:// or mqtts:// URL')
    .optional(),
  /** Connections sharing the telemetry subscription on the external broker. */
  MQTT_INGEST_CONNECTIONS: z.coerce.number().int().min(1).max(64).default(4),
  /** Client id prefix of those connections: stable per server instance, so sessions survive restarts. */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/)
    .optional(),
  /** Shared-subscription group: instances of one deployment split the telemetry between them. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/)
    .default('ess-ingest'),
  /** How long the external broker keeps a stopped instance's session (and queues its messages). */
  MQTT_SESSION_EXPIRY_S: z.coerce.number().int().min(0).max(4_294_967_295).default(86_400),
  /** Days of raw samples kept (older day partitions are dropped; roll-ups are kept). */
  RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days rejected telemetry (ts_quarantine) is kept for diagnosis; 0 keeps it. */
  QUARANTINE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Days of the notification log (ntf_log: sent, suppressed, failed); 0 keeps it. */
  NOTIFY_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(180),
  /** Days settled device commands (biz_command) are kept; 0 keeps them. */
  COMMAND_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
  /** A flush starts once this many rows wait, without waiting for INGEST_FLUSH_MS. */
  INGEST_BATCH_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  INGEST_FLUSH_MS: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Parallel writer transactions on PostgreSQL (devices are split between them); PGlite uses one. */
  INGEST_WRITERS: z.coerce.number().int().min(1).max(8).default(2),
  /**
   * A batch with this many (point, quarter-hour) aggregates leaves its samples to the roll-up
   * roller (ts_rollup_batches); a smaller one merges them at once, so roll-ups are current at its ack.
   */
  ROLLUP_INLINE_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Most time between two rolls of the pending roll-up deltas (their lag under a fleet's load). */
  ROLLUP_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(15_000),
  /** Least time between two rolls (their lag under a light load); rolls space out to twice their duration. */
  ROLLUP_MIN_INTERVAL_MS: z.coerce.number().int().min(1).max(60_000).default(250),
  /** Redis (redis://host:6379): the HTTP rate limits count there; unset: in the database. Also RELAY=redis. */
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'redis:// or rediss:// URL')
    .optional(),
  /** NATS (nats://host:4222), for RELAY=nats. */
  NATS_URL: z
    .string()
    .url()
    .refine((u) => /^nats:\/\//.test(u), 'nats:// URL')
    .optional(),
  /**
   * How instances on one database pass live values and command, device and sequence changes to
   * each other: PostgreSQL LISTEN/NOTIFY (default; needs DATABASE_URL), Redis pub-sub or NATS.
   */
  RELAY: z.enum(['pg', 'redis', 'nats']).default('pg'),
  /** Seconds a device has to answer a command (cmd/ack) before it counts as timed out. */
  COMMAND_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(30),
  /** Dispatch deviation alarm: an executing plan's actual power off the plan by more than this % of rated power… */
  DISPATCH_DEVIATION_PCT: z.coerce.number().min(1).max(100).default(DISPATCH_DEVIATION_DEFAULTS.pct),
  /** …for this many minutes raises it; back within, it recovers (docs/control-precedence.md). */
  DISPATCH_DEVIATION_MINUTES: z.coerce.number().min(1).max(1440).default(DISPATCH_DEVIATION_DEFAULTS.minutes),
  /** The in-process station simulator of the demo stations (publishes over MQTT like devices). */
  SIMULATOR: z.enum(['on', 'off']).default('on'),
  /** Seconds between a simulated device's reports. */
  SIMULATOR_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * The demo's own faults (issue 21 finding 9): now and then a hot rack in the afternoon, a
   * device off the network, a cell imbalance, each recovering, so alarms show out of the box.
   */
  SIMULATOR_DEMO_FAULTS: z.enum(['on', 'off']).default('on'),
  /**
   * Faults the simulator starts when it goes live, `<device sn>:<kind>[:seconds]`, comma-separated
   * (kinds: overTemperature, cellOverVoltage, commLoss): for demonstrations and training.
   */
  SIMULATOR_FAULTS: z
    .string()
    .default('')
    .transform((s, ctx): FaultRequest[] =>
      commaList(s).flatMap((entry) => {
        const f = parseFaultRequest(entry);
        if (!('problem' in f)) return [f];
        ctx.addIssue({ code: 'custom', message: f.problem });
        return [];
      }),
    ),
  /**
   * How the simulator's devices answer commands, `[<device sn>=]normal|fail|silent`, comma-separated,
   * later entries winning (no sn: every device): to show and test failed and timed-out deliveries.
   */
  SIMULATOR_COMMANDS: z
    .string()
    .default('')
    .transform((s, ctx): { target: string; behaviour: CommandBehaviour }[] =>
      commaList(s).flatMap((entry) => {
        try {
          return [parseCommandBehaviour(entry)];
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: e instanceof Error ? e.message : String(e) });
          return [];
        }
      }),
    ),
  /**
   * How the simulator's devices take firmware upgrades, `[<device sn>=]normal|failVerify|powerLoss|keepVersion`,
   * comma-separated, later entries winning: to show a wave halting on failures, or a download resuming.
   */
  SIMULATOR_UPGRADES: z
    .string()
    .default('')
    .transform((s, ctx): { target: string; behaviour: UpgradeBehaviour }[] =>
      commaList(s).flatMap((entry) => {
        try {
          return [parseUpgradeBehaviour(entry)];
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: e instanceof Error ? e.message : String(e) });
          return [];
        }
      }),
    ),
  /** History published before going live: this many hours on a first start, the gap since the last sample (if within them) later. */
  SIMULATOR_BACKFILL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 90)
    .default(24),
  /** Above this many rows waiting for the database, no new messages are taken (acks wait). */
  INGEST_MAX_PENDING_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
  /** A telemetry sample with more point codes is refused whole, unread (`tooManyPoints`). */
  INGEST_MAX_POINTS_PER_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_POINTS_PER_SAMPLE),
  /** …and a telemetry message with more point codes over all its samples. */
  INGEST_MAX_POINTS_PER_MESSAGE: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_POINTS_PER_MESSAGE),
  /** Navbar weather: the built-in model (no internet needed) or the Open-Meteo forecast API. */
  WEATHER_PROVIDER: z.enum(['offline', 'open-meteo']).default('offline'),
  /** Open-Meteo forecast endpoint (or a compatible mirror / the commercial customer-api host). */
  WEATHER_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'http:// or https:// URL')
    .default('https://api.open-meteo.com/v1/forecast'),
  /** Open-Meteo API key, sent as `apikey` (commercial plans); never logged. */
  WEATHER_API_KEY: z.string().min(1).optional(),
  /** A weather call without an answer this long counts as failed (the offline model answers). */
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Alarm e-mail (notifications): an SMTP URL such as smtps://user:pass@mail.example.com:465, or
   * the SMTP_HOST… parts below. Unset: the e-mail channel is off (logged as channelOff). Never logged.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'smtp:// or smtps:// URL')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: z.enum(['on', 'off']).default('off'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  /** Sender address of alarm e-mail. */
  SMTP_FROM: z.string().min(3).default('ess-platform <alarm@localhost>'),
  /**
   * SMS provider (generic JSON adapter): each message is POSTed as {to, text, lang} to this URL
   * with `Authorization: Bearer SMS_TOKEN`; any 2xx is delivered. Unset: SMS is off.
   */
  SMS_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'http:// or https:// URL')
    .optional(),
  SMS_TOKEN: z.string().min(1).optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often the notification scheduler looks for due repeats and escalations; 0 = not at all. */
  NOTIFY_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /** Where uploaded files are kept: `DATA_DIR/files`, or an S3-compatible bucket (S3_* below). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** The object store's address, e.g. http://minio:9000 (path-style requests: endpoint/bucket/key). */
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'http:// or https:// URL')
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** Never logged. */
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

export type Env = z.infer<typeof schema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const relayUrl = { pg: 'DATABASE_URL', redis: 'REDIS_URL', nats: 'NATS_URL' } as const;
  const needed = relayUrl[parsed.data.RELAY];
  if (parsed.data.RELAY !== 'pg' && !parsed.data[needed]) {
    throw new Error(`Invalid environment:\n  RELAY: ${parsed.data.RELAY} needs ${needed}`);
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Missing = s3.filter((k) => !parsed.data[k]);
  if (parsed.data.FILE_STORE === 's3' && s3Missing.length > 0) {
    throw new Error(`Invalid environment:\n  FILE_STORE: s3 needs ${s3Missing.join(', ')}`);
  }
  const { PASSWORD_ARGON2_MEMORY_KIB: m, PASSWORD_ARGON2_PASSES: t } = parsed.data;
  if (m * t < MIN_ARGON2_WORK_KIB) {
    throw new Error(
      `Invalid environment:\n  PASSWORD_ARGON2_MEMORY_KIB × PASSWORD_ARGON2_PASSES: ${m} × ${t} is below OWASP's minimum (${MIN_ARGON2_WORK_KIB} KiB, e.g. 19456 × 2)`,
    );
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
