import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderTrack } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createTestDatabase, DEMO_PASSWORD, stationIdLookup } from '../../../test/harness';
import { type InstanceProcess, signIn, startInstance } from '../../../test/server-process';

/**
 * `kill -9` of the real server (main.ts in a child process) with orders at every node, and once
 * with a step in flight: after a restart every order goes on from its last committed step, and
 * no step is there twice.
 */
let dir: string;
let dbEnv: Record<string, string>;
let drop: () => Promise<void>;
let station: number;
let operatorId: number;
let server: InstanceProcess | null = null;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ess-workorder-kill-'));
  const made = await createTestDatabase(dir);
  ({ env: dbEnv, drop } = made);
  station = (await stationIdLookup(made.database.db))('JS-SZ01');
  const rows = await made.database.db.select({ id: users.id, username: users.username }).from(users);
  operatorId = rows.find((r) => r.username === 'operator')?.id ?? Number.NaN;
  // PGlite allows one process at a time: the server opens it itself.
  await made.database.close();
}, 120_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

const start = () => startInstance({ ...dbEnv, TELEMETRY: 'off' }, { unset: ['MQTT_URL'] });
const api = async (s: InstanceProcess, token: string, method: string, p: string, body?: object) => {
  const res = await fetch(`${s.http}/api/workorder/${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: 'en_US' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
};
const PATH: [string, object][] = [
  ['allocate', {}],
  ['accept', {}],
  ['finish', { opinion: 'done' }],
  ['close', {}],
];

describe('work orders survive kill -9', () => {
  it('continue at every node and never repeat a step', { timeout: 240_000 }, async () => {
    server = await start();
    let token = await signIn(server.port, 'operator', DEMO_PASSWORD);
    const ids: number[] = [];
    for (let depth = 0; depth < 4; depth++) {
      const made = await api(server, token, 'POST', 'order/add', {
        title: `Node ${depth}`,
        orderType: 1,
        stationId: station,
        executors: [{ userId: operatorId }],
      });
      const { id } = made.body.data as { id: number };
      for (const [action, extra] of PATH.slice(0, depth)) {
        expect((await api(server, token, 'POST', 'order/action', { id, action, ...extra })).status).toBe(200);
      }
      ids.push(id);
    }
    // One more step in flight when the process dies: it either committed or left nothing.
    const [inFlight] = ids;
    if (inFlight === undefined) throw new Error('no order');
    const pending = api(server, token, 'POST', 'order/action', { id: inFlight, action: 'allocate' }).catch(() => null);
    await server.stop('SIGKILL');
    await pending;

    server = await start();
    token = await signIn(server.port, 'operator', DEMO_PASSWORD);
    const trackOf = async (id: number) =>
      (await api(server as InstanceProcess, token, 'GET', `order/${id}/track`)).body.data as OrderTrack;
    const first = await trackOf(inFlight);
    const allocations = first.steps.filter((s) => s.action === 'allocate').length;
    expect(allocations).toBeLessThanOrEqual(1);
    if (allocations === 0) {
      // The step never committed: taking it again is safe.
      expect((await api(server, token, 'POST', 'order/action', { id: inFlight, action: 'allocate' })).status).toBe(200);
    }
    for (const [depth, id] of ids.entries()) {
      const done = depth === 0 ? 1 : depth;
      const next = PATH[done];
      if (!next) throw new Error('no step');
      const res = await api(server, token, 'POST', 'order/action', { id, action: next[0], ...next[1] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await trackOf(id)).steps.map((s) => s.action)).toEqual([
        'create',
        ...PATH.slice(0, done + 1).map(([a]) => a),
      ]);
    }
  });
});
