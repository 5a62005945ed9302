import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { importPublicKey, sealSecret } from '@ess/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const main = path.join(root, 'apps/server/src/main.ts');

/** One server (main.ts) in a child process, as a deployment runs it: for the cluster test and bench. */
export type InstanceProcess = {
  child: ChildProcess;
  /** HTTP port (PORT=0: the system picked it). */
  port: number;
  /** Every log line so far (pino JSON). */
  lines: string[];
  /** Resolves with the first log line (from now on or already seen) matching `re`. */
  logged: (re: RegExp, timeoutMs?: number) => Promise<string>;
  /** SIGKILL (a crash) or SIGTERM (graceful stop); resolves once the process exited. */
  stop: (signal: 'SIGKILL' | 'SIGTERM') => Promise<void>;
};

/**
 * Starts a server on an external broker (MQTT_URL in `env`); resolves once it listens, which is
 * after its subscriber and takeover started. No simulator, no web files, any free port.
 */
export async function startInstance(env: Record<string, string>): Promise<InstanceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      SIMULATOR: 'off',
      ...env,
    },
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
  const listening = logged(/listening on http:\/\/localhost:(\d+)/, 120_000);
  const failed = exited.then(([code]) => {
    throw new Error(`server exited (${code}):\n${lines.slice(-20).join('\n')}`);
  });
  const line = await Promise.race([listening, failed]);
  failed.catch(() => {});
  const port = Number(/listening on http:\/\/localhost:(\d+)/.exec(line)?.[1]);
  return {
    child,
    port,
    lines,
    logged,
    stop: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Signs in over HTTP as the browser does (the password sealed with the login key); the bearer token. */
export async function signIn(port: number, username: string, password: string): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const key = (await (await fetch(`${base}/api/sys/user/publicKey`)).json()) as { data: { publicKey: string } };
  const sealed = await sealSecret(await importPublicKey(key.data.publicKey), password);
  const res = await fetch(`${base}/api/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: sealed.cipher, aesKey: sealed.aesKey, iv: sealed.iv, type: 'pc' }),
  });
  const body = (await res.json()) as { code: number; data: { accessToken: string } };
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}
