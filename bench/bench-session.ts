import { importPublicKey, LIVE_PATH, type LiveServerMessage, liveServerMessage, sealSecret } from '@ess/contract';
import WebSocket from 'ws';

/** The administrator password the benches seed their platform with. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-1';

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
  const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((r) => {
    subscribed = r;
  });
  ws.on('message', (raw) => {
    const at = performance.now();
    const parsed = liveServerMessage.safeParse(JSON.parse(String(raw)));
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', stationId }));
    if (m.type === 'snapshot') subscribed();
    onMessage(m, at);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return ws;
}
