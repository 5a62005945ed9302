import { LIVE_CLOSE } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, api, menuIdsOf, orgIdOf, USER_PASSWORD } from '../../../test/access-fixtures';
import { login, stationIdLookup, type TestContext } from '../../../test/harness';
import { startTwoApps } from '../../../test/two-apps';
import { deviceIdOf } from '../../stations/point/telemetry-fixtures.kit';
import { TestClient } from './live.kit';

/**
 * A rights change made on instance A reaches the live sockets of instance B through the cluster
 * relay (kind `u`, then `sessionsChanged` on B), not B's periodic check 15 s later. The relay
 * runs with an external broker only, hence DATABASE_URL and MQTT_URL (like session-relay.test.ts).
 */
const external = Boolean(process.env.DATABASE_URL && process.env.MQTT_URL);
if (!external) console.warn('live rights across two apps skipped: DATABASE_URL and MQTT_URL unset');

/** Well under B's 15 s periodic check: only the relayed change can act in time. */
const AT_ONCE_MS = 5_000;

let ctx: TestContext;
let b: FastifyInstance;
let admin: string;
let urlB: string;
let sid: (code: string) => number;
beforeAll(async () => {
  if (!external) return;
  ({ ctx, b } = await startTwoApps());
  admin = await login(ctx.app, 'admin');
  sid = await stationIdLookup(ctx.database.db);
  await b.listen({ port: 0, host: '127.0.0.1' });
  const address = b.server.address();
  urlB = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/ws`;
});
afterAll(async () => {
  await b?.close();
  await ctx?.close();
});

async function followingOnB(token: string, stationId: number): Promise<TestClient> {
  const c = await TestClient.open(urlB);
  c.send({ type: 'auth', token });
  await c.next('ready');
  c.send({ type: 'subscribe', stationId });
  await c.next('snapshot');
  return c;
}

describe.runIf(external)('two apps: rights changed on A, sockets on B', () => {
  it('a station role deleted on A drops the station from the socket on B; a user disabled on A closes it', async () => {
    const db = ctx.database.db;
    const role = await addRole(ctx.app, admin, await menuIdsOf(db, ['surveillance']), { dataScope: 'org' });
    const user = await addUser(ctx.app, admin, { roleIds: [role.id], deptId: await orgIdOf(db, 'G-JS') });
    const token = await login(ctx.app, user.username, USER_PASSWORD);
    const station = sid('GD-SZ01');
    const added = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/add', {
      userId: user.id,
      stationId: station,
      roleId: role.id,
    });
    expect(added.json().code, added.body).toBe(200);
    const c = await followingOnB(token, station);
    const busB = b.telemetry?.bus;
    const device = await deviceIdOf(db, 'GD-SZ01-CAB-01');
    busB?.emit('committed', [{ stationId: station, deviceId: device, values: { p: { value: 1, ts: Date.now() } } }]);
    await c.next('latest');

    const started = Date.now();
    await api(ctx.app, admin, 'DELETE', `/api/sys/stationRole/${added.json().data.id}`);
    expect(await c.next('revoked', AT_ONCE_MS)).toEqual({ type: 'revoked', stationId: station });
    console.info(`station role deleted on A, socket on B told after ${Date.now() - started} ms`);

    c.send({ type: 'subscribe', stationId: sid('JS-SZ01') });
    await c.next('snapshot', 3000, c.received.length);
    const disabledAt = Date.now();
    await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: user.id, enabled: false });
    expect((await c.closedWithin(AT_ONCE_MS)).code).toBe(LIVE_CLOSE.SESSION_INVALID);
    console.info(`user disabled on A, socket on B closed after ${Date.now() - disabledAt} ms`);
  });
});
