import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { importPublicKey, ResultCode, sealSecret } from '@ess/contract';
import { buildIfStale } from '../../../../scripts/build-if-stale';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// The bundle production runs. Test runs build it before their workers (build.global-setup.ts);
// a bench builds it here, once per process, if a source changed since.
const main = path.join(root, 'apps/server/dist/main.js');
let built: Promise<void> | undefined;
const HTTP_LINE = /listening on http:\/\/localhost:(\d+)/;
const MQTT_LINE = /MQTT broker listening on (mqtt:\/\/[\d.]+:\d+)|subscribed to the broker at MQTT_URL/;

/** One server (the built main.js) in a child process, as a deployment runs it: for process-level tests and benches. */
export type InstanceProcess = {
  child: ChildProcess;
  /** HTTP port (PORT=0: the system picked it). */
  port: number;
  /** HTTP base URL on that port. */
  http: string;
  /** Where devices connect: the embedded broker's URL, or MQTT_URL; null with TELEMETRY=off. */
  mqttUrl: string | null;
  /** Every log line so far (pino JSON, stdout and stderr). */
  lines: string[];
  /** Resolves with the first log line (from now on or already seen) matching `re`. */
  logged: (re: RegExp, timeoutMs?: number) => Promise<string>;
  /** SIGKILL (a crash) or SIGTERM (graceful stop); resolves once the process exited. */
  stop: (signal: 'SIGKILL' | 'SIGTERM') => Promise<void>;
};

export type StartOptions = {
  /** Parent environment variables the server must not inherit (MQTT_URL: its own broker; DATABASE_URL: PGlite). */
  unset?: string[];
};

/** The server exited before it listened; its exit code and every line it logged. */
export class ServerExitedError extends Error {
  constructor(
    readonly code: number | null,
    readonly lines: string[],
  ) {
    super(`server exited (${code}):\n${lines.slice(-20).join('\n')}`);
  }
}

/**
 * Starts a server with `env` over the parent's environment; resolves once it listens (HTTP, and
 * MQTT unless TELEMETRY=off), which is after its subscriber and takeover started. No simulator,
 * no web files, any free port, an embedded broker on any free port unless MQTT_URL is set.
 * Rejects with ServerExitedError if it exits first.
 */
export async function startInstance(env: Record<string, string>, options: StartOptions = {}): Promise<InstanceProcess> {
  built ??= buildIfStale(['server']);
  await built;
  const unset = new Set(options.unset);
  const childEnv: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !unset.has(k))),
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
    // Tests publish as the devices themselves; the demo simulator would replace their secrets.
    SIMULATOR: 'off',
    ...env,
  };
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  const take = (line: string) => {
    lines.push(line);
    for (const w of [...waiters])
      if (w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
  };
  createInterface({ input: child.stdout ?? process.stdin }).on('line', take);
  createInterface({ input: child.stderr ?? process.stdin }).on('line', take);
  const exited = once(child, 'exit');

  const logged = (re: RegExp, timeoutMs = 30_000) => {
    const seen = lines.find((l) => re.test(l));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no log line ${re} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        re,
        resolve: (line) => {
          clearTimeout(t);
          resolve(line);
        },
      });
    });
  };
  // 'close' comes after the output ended: the error carries the last lines too.
  const failed = once(child, 'close').then(([code]) => {
    throw new ServerExitedError(code as number | null, lines);
  });
  failed.catch(() => {});
  // main.ts logs the MQTT line right after the HTTP one.
  const telemetry = childEnv.TELEMETRY !== 'off';
  const [httpLine, mqttLine] = await Promise.race([
    Promise.all([logged(HTTP_LINE, 120_000), telemetry ? logged(MQTT_LINE, 120_000) : null]),
    failed,
  ]);
  const port = Number(HTTP_LINE.exec(httpLine)?.[1]);
  const mqttUrl = mqttLine === null ? null : (MQTT_LINE.exec(mqttLine)?.[1] ?? childEnv.MQTT_URL ?? null);
  return {
    child,
    port,
    http: `http://127.0.0.1:${port}`,
    mqttUrl,
    lines,
    logged,
    stop: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Sign-ins answered busy before giving up (the login page's count). */
const SIGN_IN_ATTEMPTS = 10;

/** Signs in over HTTP as the browser does (the password sealed with the login key); the bearer token. */
export async function signIn(port: number, username: string, password: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  // A busy server (503 PASSWORD_BUSY: the password gate, or newcomers let in at a lower rate)
  // says when to come back; the login page then tries again by itself, and so does this.
  for (let attempt = 1; ; attempt++) {
    const key = (await (await fetch(`${base}/api/sys/user/publicKey`)).json()) as { data: { publicKey: string } };
    const sealed = await sealSecret(await importPublicKey(key.data.publicKey), password);
    const res = await fetch(`${base}/api/sys/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: sealed.cipher, aesKey: sealed.aesKey, iv: sealed.iv, type: 'pc' }),
    });
    const body = (await res.json()) as { code: number; data: { accessToken: string } };
    if (body.code === ResultCode.PASSWORD_BUSY && attempt < SIGN_IN_ATTEMPTS) {
      const seconds = Number(res.headers.get('retry-after')) || 1;
      await new Promise((r) => setTimeout(r, seconds * 1000));
      continue;
    }
    if (body.code !== ResultCode.OK) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return body.data.accessToken;
  }
}
