/**
 * Writes Mosquitto's password and ACL files for an external broker from the device table, so
 * every device signs in with its serial and secret and may use only its own topics
 * (docs/deployment.md "Mosquitto").
 *
 * The platform keeps only the SHA-256 of a device secret, which Mosquitto cannot check (its
 * password file holds PBKDF2-SHA512 of the plain secret). So this tool issues the secrets it
 * writes hashes for: `--issue missing` gives every device without a usable entry a new secret,
 * stores its SHA-256 in the device table (the embedded broker and the API then agree) and
 * lists serial and secret once in `issued-secrets.csv` (mode 0600) for provisioning. Entries
 * written earlier are kept while the device's stored hash is unchanged; one whose secret was
 * replaced through the API since is dropped and reported (issue it again here).
 *
 * Run: `DATABASE_URL=… MQTT_URL=mqtt://ess-server:…@broker:1883 npm run mqtt:passwords --
 * --out /etc/mosquitto/ess [--issue missing|all|<sn,sn…>]`, then `kill -HUP` the broker.
 */
import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

/** mosquitto_passwd's `$7$` format: PBKDF2-HMAC-SHA512, 12-byte salt, 64-byte key, base64. */
const PBKDF2_ITERATIONS = 101;
const SALT_BYTES = 12;
const KEY_BYTES = 64;

export function mosquittoHash(
  password: string,
  salt = randomBytes(SALT_BYTES),
  iterations = PBKDF2_ITERATIONS,
): string {
  const key = pbkdf2Sync(password, salt, iterations, KEY_BYTES, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether `password` matches a `$7$` hash (as Mosquitto checks it). */
export function mosquittoHashMatches(hash: string, password: string): boolean {
  const [, kind, iterations, salt, key] = hash.split('$');
  if (kind !== '7' || !iterations || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = pbkdf2Sync(password, Buffer.from(salt, 'base64'), Number(iterations), expected.length, 'sha512');
  return actual.equals(expected);
}

/** The platform's stored form of a device secret (apps/server/src/domains/stations/device/device-secret.ts). */
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A short fingerprint of the stored hash: enough to notice that the API replaced the secret. */
const fingerprint = (storedHash: string) => sha256(storedHash).slice(0, 16);

export type DeviceRow = { id: number; sn: string; stationCode: string; secretHash: string | null };
/** One entry of a previous password file: the hash and the fingerprint it was written for. */
type Entry = { hash: string; fingerprint: string | null };
export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const MARK = '# ess-platform device';

/** Reads a password file this tool wrote (other lines are kept only for the users named). */
export function parsePasswordFile(text: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  let pending: { sn: string; fingerprint: string } | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith(MARK)) {
      const [sn, fp] = line.slice(MARK.length).trim().split(' ');
      pending = sn && fp ? { sn, fingerprint: fp } : null;
      continue;
    }
    const colon = line.indexOf(':');
    if (line.startsWith('#') || colon < 1) continue;
    const user = line.slice(0, colon);
    entries.set(user, { hash: line.slice(colon + 1), fingerprint: pending?.sn === user ? pending.fingerprint : null });
    pending = null;
  }
  return entries;
}

export async function readDevices(query: Query): Promise<DeviceRow[]> {
  // A database the platform has not migrated yet has no devices: the files then hold the
  // server user only, so the broker can start before the first instance.
  const { rows: exists } = await query(`SELECT to_regclass('biz_device') IS NOT NULL AS ok`);
  if (exists[0]?.ok !== true) return [];
  const { rows } = await query(
    `SELECT d.id, d.sn, s.code AS station_code, d.mqtt_secret_hash
       FROM biz_device d JOIN biz_station s ON s.id = d.station_id
      WHERE d.type <> 'virtual'
      ORDER BY s.code, d.sn`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    sn: String(r.sn),
    stationCode: String(r.station_code),
    secretHash: r.mqtt_secret_hash === null ? null : String(r.mqtt_secret_hash),
  }));
}

/**
 * Topic rules of docs/device-protocol.md: a device publishes its own telemetry, status and
 * command answers and reads its own command topic; the server reads what devices send
 * (telemetry through `$share/<group>/…`, which Mosquitto checks without the share prefix) and
 * writes commands.
 */
export function aclFile(devices: DeviceRow[], serverUser: string): string {
  const lines = [
    '# Written by `npm run mqtt:passwords`; do not edit (the next run replaces it).',
    `user ${serverUser}`,
    'topic read ess/+/+/telemetry',
    'topic read ess/+/+/status',
    'topic read ess/+/+/cmd/ack',
    'topic write ess/+/+/cmd',
    '',
  ];
  for (const d of devices) {
    const root = `ess/${d.stationCode}/${d.sn}`;
    lines.push(
      `user ${d.sn}`,
      `topic write ${root}/telemetry`,
      `topic write ${root}/status`,
      `topic write ${root}/cmd/ack`,
      `topic read ${root}/cmd`,
      '',
    );
  }
  return lines.join('\n');
}

export type IssueMode = 'none' | 'missing' | 'all' | string[];
export type BrokerFiles = {
  passwd: string;
  acl: string;
  /** Secrets issued by this run, to load into the devices (shown nowhere else). */
  issued: { sn: string; secret: string }[];
  /** Devices that cannot sign in: no secret issued here yet, or replaced through the API. */
  unusable: { sn: string; reason: 'noSecret' | 'replacedByApi' }[];
};

export async function buildBrokerFiles(
  query: Query,
  opts: { previous: string; serverUser: string; serverPassword: string; issue: IssueMode },
): Promise<BrokerFiles> {
  const devices = await readDevices(query);
  const previous = parsePasswordFile(opts.previous);
  const out = ['# Written by `npm run mqtt:passwords` from the device table; do not edit.'];
  const server = previous.get(opts.serverUser);
  // The server's hash is kept while its password is unchanged, so reruns leave the file stable.
  const serverHash =
    server && mosquittoHashMatches(server.hash, opts.serverPassword) ? server.hash : mosquittoHash(opts.serverPassword);
  out.push(`${opts.serverUser}:${serverHash}`);
  const issued: BrokerFiles['issued'] = [];
  const unusable: BrokerFiles['unusable'] = [];
  for (const d of devices) {
    const before = previous.get(d.sn);
    const current = before && d.secretHash !== null && before.fingerprint === fingerprint(d.secretHash);
    const wanted =
      opts.issue === 'all' ||
      (opts.issue === 'missing' && !current) ||
      (Array.isArray(opts.issue) && opts.issue.includes(d.sn));
    if (wanted) {
      const secret = randomBytes(24).toString('base64url');
      const hash = sha256(secret);
      await query('UPDATE biz_device SET mqtt_secret_hash = $1, update_time = now() WHERE id = $2', [hash, d.id]);
      issued.push({ sn: d.sn, secret });
      out.push(`${MARK} ${d.sn} ${fingerprint(hash)}`, `${d.sn}:${mosquittoHash(secret)}`);
    } else if (current && before) {
      out.push(`${MARK} ${d.sn} ${before.fingerprint}`, `${d.sn}:${before.hash}`);
    } else {
      unusable.push({ sn: d.sn, reason: before && d.secretHash !== null ? 'replacedByApi' : 'noSecret' });
    }
  }
  return { passwd: `${out.join('\n')}\n`, acl: aclFile(devices, opts.serverUser), issued, unusable };
}

/** Replaces a file whole (a broker reloading on SIGHUP never reads half of one). */
function writeAtomically(file: string, text: string, mode: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

function parseIssue(value: string | undefined): IssueMode {
  if (value === undefined || value === 'none') return 'none';
  if (value === 'missing' || value === 'all') return value;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: '.' }, issue: { type: 'string' } },
  });
  const databaseUrl = process.env.DATABASE_URL;
  const mqttUrl = process.env.MQTT_URL;
  if (!databaseUrl || !mqttUrl) throw new Error('set DATABASE_URL and MQTT_URL (with the server user and password)');
  const url = new URL(mqttUrl);
  const serverUser = decodeURIComponent(url.username);
  const serverPassword = decodeURIComponent(url.password);
  if (!serverUser || !serverPassword) throw new Error('MQTT_URL must name the server user: mqtt://user:password@host');
  const outDir = path.resolve(values.out);
  mkdirSync(outDir, { recursive: true });
  const passwdFile = path.join(outDir, 'passwd');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const files = await buildBrokerFiles((sql, params) => pool.query(sql, params), {
      previous: existsSync(passwdFile) ? readFileSync(passwdFile, 'utf8') : '',
      serverUser,
      serverPassword,
      issue: parseIssue(values.issue),
    });
    // Mosquitto reads both as its own user: group-readable, never world-readable.
    writeAtomically(passwdFile, files.passwd, 0o640);
    writeAtomically(path.join(outDir, 'acl'), files.acl, 0o640);
    if (files.issued.length > 0) {
      const csv = ['sn,secret', ...files.issued.map((i) => `${i.sn},${i.secret}`)].join('\n');
      writeAtomically(path.join(outDir, 'issued-secrets.csv'), `${csv}\n`, 0o600);
    }
    console.log(
      JSON.stringify({
        passwd: passwdFile,
        issued: files.issued.length,
        issuedSecrets: files.issued.length > 0 ? path.join(outDir, 'issued-secrets.csv') : null,
        unusable: files.unusable,
      }),
    );
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
