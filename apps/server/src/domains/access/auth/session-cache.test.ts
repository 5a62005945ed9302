import { randomBytes } from 'node:crypto';
import { ResultCode, sealSecret } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { TelemetryBus } from '../../../kernel/telemetry-bus';
import { AppError } from '../../../lib/app-error';
import { sha256 } from '../../../lib/hash';
import { addRole, addUser, api, menuIdsOf, sealed, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, createTestApp, login, publicKeyOf, type TestContext } from '../../../test/harness';
import { AuthService } from './auth.service';
import { LoginGuard } from './login-guard';
import { LoginKeyVault } from './login-key-vault';
import { LoginKeyRing } from './login-keys';
import { SecretCipher } from './secret-cipher.service';
import { insertSession } from './session.repository';
import { SessionCache } from './session-cache';
import { type SessionReads, sessionReads } from './session-reads';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off', LOGIN_RATE_PER_MINUTE: '1000' });
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const me = (token: string) => call(ctx.app, token, 'GET', '/api/sys/user/get');
const usersPage = (token: string) => api(ctx.app, token, 'POST', '/api/sys/user/page', { pageNum: 1, pageSize: 1 });
const rolesPage = (token: string) => api(ctx.app, token, 'POST', '/api/sys/role/page', { pageNum: 1, pageSize: 1 });

/** Signs in a new user holding a new role with these menu rows; the token is used twice (cached). */
async function cachedUser(menuCodes: string[]) {
  const role = await addRole(ctx.app, admin, await menuIdsOf(db(), menuCodes));
  const user = await addUser(ctx.app, admin, { roleIds: [role.id] });
  const token = await login(ctx.app, user.username, USER_PASSWORD);
  expect((await me(token)).statusCode).toBe(200);
  expect((await me(token)).statusCode).toBe(200);
  return { role, user, token };
}

const refusedWith = async (token: string, code: number) => {
  const res = await me(token);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json().code).toBe(code);
};

describe('a cached session is refused at once', () => {
  it('after its logout', async () => {
    const { token } = await cachedUser(['system', 'system.user']);
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/logout')).json().code).toBe(200);
    await refusedWith(token, ResultCode.SESSION_INVALID);
  });

  it('after the user is disabled, by status or by update', async () => {
    const a = await cachedUser(['system', 'system.user']);
    const off = await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: a.user.id, enabled: false });
    expect(off.json().code, off.body).toBe(200);
    await refusedWith(a.token, ResultCode.SESSION_INVALID);

    const b = await cachedUser(['system', 'system.user']);
    const detail = (await api(ctx.app, admin, 'POST', '/api/sys/user/detail', { id: b.user.id })).json().data;
    const upd = await api(ctx.app, admin, 'PUT', '/api/sys/user/update', {
      id: b.user.id,
      realName: detail.realName,
      phone: detail.phone,
      roleIds: detail.roleIds,
      stationIds: detail.stationIds,
      deptId: detail.deptId,
      enabled: false,
    });
    expect(upd.json().code, upd.body).toBe(200);
    await refusedWith(b.token, ResultCode.SESSION_INVALID);
  });

  it('after the user is deleted', async () => {
    const { user, token } = await cachedUser(['system', 'system.user']);
    expect((await usersPage(token)).statusCode).toBe(200);
    expect((await api(ctx.app, admin, 'DELETE', `/api/sys/user/${user.id}`)).json().code).toBe(200);
    // Not /sys/user/get: it reads the user itself.
    const res = await usersPage(token);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().code).toBe(ResultCode.SESSION_INVALID);
  });

  it('after a password change (every session of the user) and after a reset by an administrator', async () => {
    const { user, token } = await cachedUser(['system', 'system.user']);
    const other = await login(ctx.app, user.username, USER_PASSWORD);
    expect((await me(other)).statusCode).toBe(200);
    const pub = await publicKeyOf(ctx.app);
    const changed = await api(ctx.app, token, 'PUT', '/api/sys/user/pwd', {
      oldPwd: await sealSecret(pub, USER_PASSWORD),
      newPwd: await sealSecret(pub, 'pass-5678'),
    });
    expect(changed.json().code, changed.body).toBe(200);
    await refusedWith(token, ResultCode.SESSION_INVALID);
    await refusedWith(other, ResultCode.SESSION_INVALID);

    const again = await login(ctx.app, user.username, 'pass-5678');
    expect((await me(again)).statusCode).toBe(200);
    const reset = await api(ctx.app, admin, 'PUT', '/api/sys/user/resetPwd', {
      id: user.id,
      password: await sealed(ctx.app, 'pass-9999'),
    });
    expect(reset.json().code, reset.body).toBe(200);
    await refusedWith(again, ResultCode.SESSION_INVALID);
  });

  it('with the new permissions after its role is edited, disabled, or the user gets other roles', async () => {
    const [system, rolePage] = await menuIdsOf(db(), ['system', 'system.role']);
    const { role, user, token } = await cachedUser(['system', 'system.user']);
    expect((await usersPage(token)).statusCode).toBe(200);
    expect((await rolesPage(token)).statusCode).toBe(403);

    const edited = await api(ctx.app, admin, 'PUT', '/api/sys/role/update', {
      id: role.id,
      name: role.code,
      menuIds: [system, rolePage],
      enabled: true,
    });
    expect(edited.json().code, edited.body).toBe(200);
    expect((await usersPage(token)).statusCode).toBe(403);
    expect((await rolesPage(token)).statusCode).toBe(200);

    const off = await api(ctx.app, admin, 'PUT', '/api/sys/role/status', { id: role.id, enabled: false });
    expect(off.json().code, off.body).toBe(200);
    expect((await rolesPage(token)).statusCode).toBe(403);

    const other = await addRole(ctx.app, admin, await menuIdsOf(db(), ['system', 'system.user']));
    const detail = (await api(ctx.app, admin, 'POST', '/api/sys/user/detail', { id: user.id })).json().data;
    const upd = await api(ctx.app, admin, 'PUT', '/api/sys/user/update', {
      id: user.id,
      realName: detail.realName,
      phone: detail.phone,
      roleIds: [other.id],
      stationIds: detail.stationIds,
      deptId: detail.deptId,
      enabled: true,
    });
    expect(upd.json().code, upd.body).toBe(200);
    expect((await usersPage(token)).statusCode).toBe(200);
  });
});

/** Resolutions' database round trips, counted per kind. */
function counted(inner: SessionReads) {
  const n = { find: 0, touch: 0, roleCodes: 0, perms: 0 };
  const reads: SessionReads = {
    find: (h) => {
      n.find++;
      return inner.find(h);
    },
    touch: (id, at) => {
      n.touch++;
      return inner.touch(id, at);
    },
    roleCodes: (u) => {
      n.roleCodes++;
      return inner.roleCodes(u);
    },
    perms: (r) => {
      n.perms++;
      return inner.perms(r);
    },
  };
  const total = () => n.find + n.touch + n.roleCodes + n.perms;
  return { n, reads, total };
}

/** An auth service on the test database with its own bus, counted reads and short times. */
function service(config: { idleMs: number; maxMs?: number; ttlMs?: number }) {
  const clock = Date.now;
  const ring = new LoginKeyRing(db(), LoginKeyVault.fromConfig(ctx.env), clock);
  const count = counted(sessionReads(db()));
  const bus = new TelemetryBus();
  const auth = new AuthService(
    db(),
    new SecretCipher(db(), ring, clock),
    new LoginGuard(db(), clock),
    { idleMs: config.idleMs, maxMs: config.maxMs ?? 3_600_000, screenLogin: false, screenStations: null },
    bus,
    { reads: count.reads, cache: { ttlMs: config.ttlMs ?? 30_000, maxEntries: 100 } },
  );
  return { auth, bus, ...count };
}

/** A session of `operator` written as sign-in does; returns its token. */
async function session(expiresInMs: number, lastSeenAt?: Date): Promise<{ token: string; id: number }> {
  const [op] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'operator'));
  const token = randomBytes(32).toString('base64url');
  const id = await insertSession(db(), {
    tokenHash: sha256(token),
    userId: op?.id ?? 0,
    kind: 'pc',
    expiresAt: new Date(Date.now() + expiresInMs),
    ip: null,
  });
  // Dated by the test's clock (see advance), not the database's.
  await db()
    .update(sessions)
    .set({ lastSeenAt: lastSeenAt ?? new Date() })
    .where(eq(sessions.id, id));
  return { token, id };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.code : -1),
  );
/**
 * Moves the clock the service and the session rows are dated by (Date only: timers, the database
 * and sockets keep real time), instead of waiting out a TTL or an idle limit.
 */
const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'] });
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
afterEach(() => {
  vi.useRealTimers();
});

describe('the cache', () => {
  it('serves the same token again with no database round trip', async () => {
    const { auth, n, total } = service({ idleMs: 3_600_000 });
    const { token } = await session(3_600_000);
    const first = await auth.authenticate(token);
    expect(total()).toBe(3);
    expect(n).toMatchObject({ find: 1, roleCodes: 1, perms: 1, touch: 0 });
    const second = await auth.authenticate(token);
    expect(total()).toBe(3);
    expect(second).toBe(first);
    expect(await auth.isValid(token)).toBe(true);
    expect(total()).toBe(3);
    // A change of the user drops it: read again.
    auth.sessionsChanged({ userId: first.userId });
    await auth.authenticate(token);
    expect(total()).toBe(6);
    auth.sessionsChanged({ userId: first.userId + 1_000_000 });
    await auth.authenticate(token);
    expect(total()).toBe(6);
  });

  it('touches lastSeenAt as before: once per 30 s, on the first use', async () => {
    const { auth, n } = service({ idleMs: 3_600_000 });
    const { token, id } = await session(3_600_000, new Date(Date.now() - 31_000));
    await auth.authenticate(token);
    await auth.authenticate(token);
    expect(n.touch).toBe(1);
    const [row] = await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - (row?.at.getTime() ?? 0)).toBeLessThan(5_000);
  });

  it('reads again after its time to live', async () => {
    freezeClock();
    const { auth, n } = service({ idleMs: 3_600_000, ttlMs: 150 });
    const { token } = await session(3_600_000);
    await auth.authenticate(token);
    await auth.authenticate(token);
    expect(n.find).toBe(1);
    advance(200);
    await auth.authenticate(token);
    expect(n.find).toBe(2);
  });

  it('refuses a cached session at its absolute end and once idle, on the rows', async () => {
    freezeClock();
    const { auth, n } = service({ idleMs: 3_600_000 });
    const short = await session(400);
    expect(await codeOf(auth.authenticate(short.token))).toBe(200);
    advance(500);
    expect(await codeOf(auth.authenticate(short.token))).toBe(ResultCode.SESSION_EXPIRED);
    expect(n.find).toBe(2);

    const idle = service({ idleMs: 400 });
    const quiet = await session(3_600_000);
    expect(await codeOf(idle.auth.authenticate(quiet.token))).toBe(200);
    advance(500);
    expect(await codeOf(idle.auth.authenticate(quiet.token))).toBe(ResultCode.SESSION_EXPIRED);
  });

  it('asks the rows before calling a session idle: another instance may have seen it since', async () => {
    freezeClock();
    const { auth, n } = service({ idleMs: 400 });
    const s = await session(3_600_000);
    await auth.authenticate(s.token);
    advance(500);
    // Another instance served it a moment ago (its touch).
    await db().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, s.id));
    expect(await codeOf(auth.authenticate(s.token))).toBe(200);
    expect(n.find).toBe(2);
  });

  it('does not keep what a read that overlapped a change found', async () => {
    const { auth, n } = service({ idleMs: 3_600_000 });
    const { token } = await session(3_600_000);
    const pending = auth.authenticate(token);
    auth.sessionsChanged({ all: true });
    await pending;
    await auth.authenticate(token);
    expect(n.find).toBe(2);
    await auth.authenticate(token);
    expect(n.find).toBe(2);
  });

  it('hears changes on its bus (as relayed from another instance)', async () => {
    const { auth, bus, n } = service({ idleMs: 3_600_000 });
    const { token } = await session(3_600_000);
    const user = await auth.authenticate(token);
    bus.emit('sessionsChanged', { userId: user.userId });
    await auth.authenticate(token);
    expect(n.find).toBe(2);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 2 });
    const entry = (userId: number) => ({
      user: {
        userId,
        username: `u${userId}`,
        deptId: null,
        roles: [],
        perms: new Set<string>(),
        isAdmin: false,
        readOnly: false,
        groupWide: false,
        demo: false,
        sessionKind: 'pc' as const,
        sessionId: userId,
        stationCodes: null,
      },
      expiresAt: Date.now() + 60_000,
      lastSeenAt: Date.now(),
      loadedAt: Date.now(),
    });
    cache.set('a', entry(1), cache.epoch);
    cache.set('b', entry(2), cache.epoch);
    expect(cache.get('a', Date.now())).toBeTruthy();
    cache.set('c', entry(3), cache.epoch);
    expect(cache.size).toBe(2);
    expect(cache.get('b', Date.now())).toBeUndefined();
    expect(cache.get('a', Date.now())).toBeTruthy();
    expect(cache.get('c', Date.now())).toBeTruthy();
  });
});
