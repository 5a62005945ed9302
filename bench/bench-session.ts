import { importPublicKey, LIVE_PATH, type LiveServerMessage, liveServerMessage, sealSecret } from '@ess/contract';
import WebSocket from 'ws';
import { loadEnv } from '../apps/server/src/env';

/** The administrator password the benches seed their platform with. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-1';
/** The demo users' password (operator, maintainer, manager, screen) the benches seed with. */
export const BENCH_DEMO_PASSWORD = 'bench-demo-1';

/** `password` sealed with the login key `publicKeyPem` as the browser seals it: the login body's secret fields. */
export async function sealPassword(
  publicKeyPem: string,
  password: string,
): Promise<{ password: string; aesKey: string; iv: string }> {
  const s = await sealSecret(await importPublicKey(publicKeyPem), password);
  return { password: s.cipher, aesKey: s.aesKey, iv: s.iv };
}

/** The administrator password sealed as the browser seals it (sign-in and control actions). */
export async function sealAdminPassword(base: string): Promise<{ password: string; aesKey: string; iv: string }> {
  const key = (await (await fetch(`${base}/api/sys/user/publicKey`)).json()) as { data: { publicKey: string } };
  const s = await sealSecret(await importPublicKey(key.data.publicKey), BENCH_ADMIN_PASSWORD);
  return { password: s.cipher, aesKey: s.aesKey, iv: s.iv };
}

/** Signs in as admin through the sealed login; the access token. */
export async function signInAdmin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', ...(await sealAdminPassword(base)), type: 'pc' }),
  });
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/**
 * A live socket as the browser opens it: authenticated, subscribed to `stationId`, resolved once
 * the station's snapshot arrived. `onMessage` gets every message with the time it was received.
 */
export async function openStationSocket(
  port: number,
  token: string,
  stationId: number | undefined,
  onMessage: (m: LiveServerMessage, at: number) => void,
): Promise<WebSocket> {
  return openLiveSocket(port, token, stationId, (raw, at) => {
    const parsed = liveServerMessage.safeParse(raw);
    if (parsed.success) onMessage(parsed.data, at);
  });
}

/** How the server's `latest` frames begin (domains/telemetry/live/live-connection.ts serialises them). */
const LATEST_PREFIX = Buffer.from('{"type":"latest"');

/**
 * The same socket for many simulated clients at once: messages only JSON-parsed, not validated
 * (a schema check of every pushed value costs CPU the bench shares with the server).
 */
export async function openLiveSocket(
  port: number,
  token: string,
  stationId: number | undefined,
  onMessage: (m: { type?: unknown }, at: number) => void,
  /** false: pushed values are not even parsed (a thousand tabs' parsing is not the server's cost). */
  parseLatest = true,
): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((r) => {
    subscribed = r;
  });
  ws.on('message', (raw: Buffer) => {
    const at = performance.now();
    if (!parseLatest && raw.subarray(0, LATEST_PREFIX.length).equals(LATEST_PREFIX)) return;
    const m = JSON.parse(String(raw)) as { type?: unknown };
    if (m.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', stationId }));
    if (m.type === 'snapshot') subscribed();
    onMessage(m, at);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return ws;
}

/**
 * The environment of a platform run inside a bench's process as on `npm start`: telemetry on,
 * the embedded broker on a free port, the bench's passwords, silent logs, sign-ins unthrottled.
 */
export const inProcessEnv = () =>
  loadEnv({
    ...process.env,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    DEMO_PASSWORD: BENCH_DEMO_PASSWORD,
    TELEMETRY: 'on',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    MQTT_URL: undefined,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_MINUTE: '1000',
  });
