import {
  type Envelope,
  importPublicKey,
  type LoginBody,
  loginResult,
  publicKeyResult,
  sealSecret,
  stationTree,
} from '@ess/contract';
import type { SimStation } from './station/sim-station';

export type PlatformFleet = { stations: SimStation[]; credentials: Map<string, string> };

/** Parses an envelope's `data`; throws when it is not the expected shape. */
type Parse<T> = (data: unknown) => T;

const credentialsResult: Parse<{ username: string; password: string }> = (data) => {
  const r = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (typeof r.username !== 'string' || typeof r.password !== 'string')
    throw new Error('credentials: no username/password');
  return { username: r.username, password: r.password };
};
const anything: Parse<unknown> = (data) => data;

/** Calls with an `{code, msg, data}` envelope; throws with the platform's message on anything but 200. */
async function call<T>(api: string, path: string, parse: Parse<T>, init: RequestInit, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: 'en_US' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(new URL(`/api${path}`, api), { ...init, headers });
  const body = (await res.json().catch(() => null)) as Envelope<unknown> | null;
  if (body?.code === 200) return parse(body.data);
  throw new Error(`${path}: ${body?.msg ?? res.statusText} (${body?.code ?? res.status})`);
}

/** The `{id, sn}` of every device in a device tree, whatever its nesting (`children`). */
function devicesIn(node: unknown, out: { id: number; sn: string }[] = []): { id: number; sn: string }[] {
  if (Array.isArray(node)) for (const n of node) devicesIn(n, out);
  else if (typeof node === 'object' && node !== null) {
    const r = node as Record<string, unknown>;
    if (typeof r.id === 'number' && typeof r.sn === 'string') out.push({ id: r.id, sn: r.sn });
    if (r.children !== undefined) devicesIn(r.children, out);
  }
  return out;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * Signs in to the platform (sealed password, as the web client does), lists the stations
 * and their devices, and fetches each device's MQTT secret. Issuing a secret replaces the
 * previous one, so anything else connected as those devices is disconnected on its next login.
 */
export async function fetchPlatformFleet(api: string, username: string, password: string): Promise<PlatformFleet> {
  const { publicKey } = await call(api, '/sys/user/publicKey', (d) => publicKeyResult.parse(d), { method: 'GET' });
  const sealed = await sealSecret(await importPublicKey(publicKey), password);
  const login: LoginBody = { username, password: sealed.cipher, type: 'pc', aesKey: sealed.aesKey, iv: sealed.iv };
  const { accessToken } = await call(api, '/sys/user/login', (d) => loginResult.parse(d), {
    method: 'POST',
    body: JSON.stringify(login),
  });
  const post = <T>(path: string, parse: Parse<T>, body: unknown) =>
    call(api, path, parse, { method: 'POST', body: JSON.stringify(body) }, accessToken);

  const tree = await post('/business/station', (d) => stationTree.parse(d), {});
  const stations: SimStation[] = tree
    .flatMap((p) => p.children)
    .filter((s) => s.type !== 'proposed')
    .map((s) => ({
      id: s.id,
      code: s.code,
      type: s.type,
      ratedPowerKw: s.ratedPowerKw,
      capacityKwh: s.capacityKwh,
      latitude: s.latitude,
      longitude: s.longitude,
      timezone: s.timezone,
    }));

  const credentials = new Map<string, string>();
  for (const s of stations) {
    const devices = devicesIn(await post('/business/device/treeTrueDevices', anything, { stationId: s.id }));
    await inBatches(devices, 8, async (d) => {
      const c = await post('/business/device/credentials', credentialsResult, { deviceId: d.id });
      credentials.set(c.username, c.password);
    });
  }
  return { stations, credentials };
}
