import { LIVE_CLOSE, type StationAdmin, sealSecret } from '@ess/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TelemetryBus } from '../../../kernel/telemetry-bus';
import { addRole, addUser, api, menuIdsOf, orgIdOf, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, createTestApp, login, publicKeyOf, stationIdLookup, type TestContext } from '../../../test/harness';
import { deviceIdOf } from '../../stations/point/telemetry-fixtures.kit';
import { TestClient } from './live.kit';

/**
 * Rights changed while a socket is open (issue 20, finding 7): the app's own sockets, its own
 * administration calls, values driven through its bus. Nothing waits for the periodic check
 * (15 s): every change here reaches the socket within a few hundred milliseconds.
 */
let ctx: TestContext;
let admin: string;
let url: string;
let bus: TelemetryBus;
let sid: (code: string) => number;
/** Monitoring pages with an organisation scope: the user's own stations are those of G-JS. */
let ownRole: { id: number; code: string };
let jsOrg: number;

/** Well under the 15 s periodic check: only the change itself can close or revoke in time. */
const AT_ONCE_MS = 5_000;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'on', SIMULATOR: 'off' });
  const telemetryBus = ctx.app.telemetry?.bus;
  if (!telemetryBus) throw new Error('telemetry is off');
  bus = telemetryBus;
  admin = await login(ctx.app, 'admin');
  sid = await stationIdLookup(ctx.database.db);
  jsOrg = await orgIdOf(ctx.database.db, 'G-JS');
  ownRole = await addRole(ctx.app, admin, await menuIdsOf(ctx.database.db, ['surveillance']), { dataScope: 'org' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  url = `ws://127.0.0.1:${port}/api/ws`;
});
afterAll(async () => {
  await ctx?.close();
});

/** A new user of G-JS holding `ownRole`, signed in. */
async function newUser(): Promise<{ id: number; username: string; token: string }> {
  const user = await addUser(ctx.app, admin, { roleIds: [ownRole.id], deptId: jsOrg });
  return { ...user, token: await login(ctx.app, user.username, USER_PASSWORD) };
}

async function following(token: string, stationId: number): Promise<TestClient> {
  const c = await TestClient.open(url);
  c.send({ type: 'auth', token, lang: 'en_US' });
  await c.next('ready');
  c.send({ type: 'subscribe', stationId });
  await c.next('snapshot');
  return c;
}

/**
 * Pushes a value of the station at every poll until `witness` (still allowed) received two
 * sent after its `after`th message: a second at least (one `latest` per device per second).
 */
async function streamOneSecond(stationId: number, deviceId: number, witness: TestClient, after: number) {
  await vi.waitFor(
    () => {
      const ts = Date.now();
      bus.emit('committed', [{ stationId, deviceId, values: { p: { value: ts % 1000, ts } } }]);
      const seen = witness.received.slice(after).filter((r) => r.msg.type === 'latest');
      if (seen.length < 2) throw new Error(`witness got ${seen.length} values`);
    },
    { timeout: 5_000, interval: 100 },
  );
}

/** Station messages the client received after its `after`th message. */
const stationMessagesAfter = (c: TestClient, after: number) =>
  c.received.slice(after).filter((r) => 'stationId' in r.msg && r.msg.type !== 'revoked');

describe('an open socket when the rights behind it change', () => {
  it('drops a station granted only by a station role once the role is deleted, and says so', async () => {
    const user = await newUser();
    const station = sid('GD-SZ01');
    const device = await deviceIdOf(ctx.database.db, 'GD-SZ01-CAB-01');
    // Outside the user's organisation: refused until the station role grants it.
    const probe = await TestClient.open(url);
    probe.send({ type: 'auth', token: user.token, lang: 'en_US' });
    await probe.next('ready');
    probe.send({ type: 'subscribe', stationId: station });
    expect((await probe.next('error')).code).toBe(404);
    probe.close();

    const added = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/add', {
      userId: user.id,
      stationId: station,
      roleId: ownRole.id,
    });
    expect(added.json().code, added.body).toBe(200);
    const c = await following(user.token, station);
    const witness = await following(admin, station);
    bus.emit('committed', [{ stationId: station, deviceId: device, values: { p: { value: 1, ts: Date.now() } } }]);
    await c.next('latest');

    const removed = await api(ctx.app, admin, 'DELETE', `/api/sys/stationRole/${added.json().data.id}`);
    expect(removed.json().code, removed.body).toBe(200);
    expect(await c.next('revoked', AT_ONCE_MS)).toEqual({ type: 'revoked', stationId: station });
    const revokedAt = c.received.findIndex((r) => r.msg.type === 'revoked');
    await streamOneSecond(station, device, witness, witness.received.length);
    expect(stationMessagesAfter(c, revokedAt)).toEqual([]);
    // REST agrees, and the socket stays open for what the user still may follow.
    const flow = await call(ctx.app, user.token, 'POST', '/api/business/openStation/middle', { stationId: station });
    expect(flow.statusCode).toBe(404);
    c.send({ type: 'ping' });
    await c.next('pong');
    c.send({ type: 'subscribe', stationId: sid('JS-SZ01') });
    expect((await c.next('snapshot', 3000, revokedAt)).stationId).toBe(sid('JS-SZ01'));
    c.close();
    witness.close();
  });

  it('drops a station moved out of the user’s organisation (a station change)', async () => {
    const user = await newUser();
    const station = sid('JS-NJ01');
    const c = await following(user.token, station);
    const detail = await call(ctx.app, admin, 'POST', `/api/business/station/${station}`, {});
    const {
      id: _id,
      province: _p,
      orgName: _o,
      hasLogo: _h,
      deviceCount: _d,
      createTime: _c,
      updateTime: _u,
      ...fields
    } = detail.json().data as StationAdmin;
    const moved = await call(ctx.app, admin, 'PUT', '/api/business/station/update', {
      ...fields,
      city: fields.cityEntered,
      id: station,
      orgId: await orgIdOf(ctx.database.db, 'G-ZJ'),
    });
    expect(moved.json().code, moved.body).toBe(200);
    expect(await c.next('revoked', AT_ONCE_MS)).toEqual({ type: 'revoked', stationId: station });
    await call(ctx.app, admin, 'PUT', '/api/business/station/update', {
      ...fields,
      city: fields.cityEntered,
      id: station,
    });
    c.close();
  });

  it('drops the station when the user’s role loses its data scope (a change for everyone)', async () => {
    const role = await addRole(ctx.app, admin, await menuIdsOf(ctx.database.db, ['surveillance']), {
      dataScope: 'org',
    });
    const user = await addUser(ctx.app, admin, { roleIds: [role.id], deptId: jsOrg });
    const token = await login(ctx.app, user.username, USER_PASSWORD);
    const c = await following(token, sid('JS-SZ01'));
    const edited = await api(ctx.app, admin, 'PUT', '/api/sys/role/update', {
      id: role.id,
      name: role.code,
      menuIds: await menuIdsOf(ctx.database.db, ['surveillance']),
      dataScope: 'custom',
      orgIds: [await orgIdOf(ctx.database.db, 'G-ZJ')],
    });
    expect(edited.json().code, edited.body).toBe(200);
    expect(await c.next('revoked', AT_ONCE_MS)).toEqual({ type: 'revoked', stationId: sid('JS-SZ01') });
    c.close();
  });

  it('closes the sockets of a user who is disabled (4003, signed out)', async () => {
    const user = await newUser();
    const c = await following(user.token, sid('JS-SZ01'));
    const idle = await TestClient.open(url);
    idle.send({ type: 'auth', token: user.token });
    await idle.next('ready');
    const res = await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: user.id, enabled: false });
    expect(res.json().code, res.body).toBe(200);
    expect((await c.closedWithin(AT_ONCE_MS)).code).toBe(LIVE_CLOSE.SESSION_INVALID);
    expect((await idle.closedWithin(AT_ONCE_MS)).code).toBe(LIVE_CLOSE.SESSION_INVALID);
  });

  it('closes every socket of the user after a password change, and a socket whose session logs out', async () => {
    const user = await newUser();
    const other = await login(ctx.app, user.username, USER_PASSWORD);
    const a = await following(user.token, sid('JS-SZ01'));
    const b = await following(other, sid('JS-SZ01'));
    const pub = await publicKeyOf(ctx.app);
    const changed = await api(ctx.app, user.token, 'PUT', '/api/sys/user/pwd', {
      oldPwd: await sealSecret(pub, USER_PASSWORD),
      newPwd: await sealSecret(pub, 'pass-5678'),
    });
    expect(changed.json().code, changed.body).toBe(200);
    expect((await a.closedWithin(AT_ONCE_MS)).code).toBe(LIVE_CLOSE.SESSION_INVALID);
    expect((await b.closedWithin(AT_ONCE_MS)).code).toBe(LIVE_CLOSE.SESSION_INVALID);

    const again = await login(ctx.app, user.username, 'pass-5678');
    const kept = await login(ctx.app, user.username, 'pass-5678');
    const out = await following(again, sid('JS-SZ01'));
    const stays = await following(kept, sid('JS-SZ01'));
    await call(ctx.app, again, 'GET', '/api/sys/user/logout');
    expect(await out.closedWithin(AT_ONCE_MS)).toEqual({ code: LIVE_CLOSE.SESSION_INVALID, reason: 'session invalid' });
    // The user's other session was not logged out: its socket stays.
    stays.send({ type: 'ping' });
    await stays.next('pong');
    expect(stays.closedAs).toBeNull();
    stays.close();
  });
});
