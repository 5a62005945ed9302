import { ResultCode } from '@ess/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, addUser, api, menuIdsOf, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, login, type TestContext } from '../../../test/harness';
import { msUntil, startTwoApps } from '../../../test/two-apps';

/**
 * Two apps on one PostgreSQL database with the cluster relay (PostgreSQL NOTIFY, RELAY's
 * default): a session revoked or changed on one is refused on the other at once, not after
 * the cache's 30 s. The relay runs with an external broker only, hence MQTT_URL.
 */
const external = Boolean(process.env.DATABASE_URL && process.env.MQTT_URL);
if (!external) console.warn('session relay between two apps skipped: DATABASE_URL and MQTT_URL unset');

/** A relayed change is sent at once; one NOTIFY round trip on a loaded machine stays well under this. */
const BOUND_MS = 1_000;

let ctx: TestContext;
let b: FastifyInstance;
let admin: string;
beforeAll(async () => {
  if (!external) return;
  ({ ctx, b } = await startTwoApps());
  admin = await login(ctx.app, 'admin');
});
afterAll(async () => {
  await b?.close();
  await ctx?.close();
});

const usersPage = (app: FastifyInstance, token: string) =>
  api(app, token, 'POST', '/api/sys/user/page', { pageNum: 1, pageSize: 1 });

/** Milliseconds until `status` answers `want` on app B (polling), or fails past 5 s. */
const until = (status: () => Promise<number>, want: number): Promise<number> =>
  msUntil(async () => (await status()) === want);

describe.runIf(external)('two apps, one database, the pg relay', () => {
  it('a logout on A is refused on B, whose cache held the session', async () => {
    const token = await login(ctx.app, 'operator');
    const me = () => call(b, token, 'GET', '/api/sys/user/get').then((r) => r.statusCode);
    expect(await me()).toBe(200);
    expect(await me()).toBe(200);
    await call(ctx.app, token, 'GET', '/api/sys/user/logout');
    const ms = await until(me, 401);
    console.info(`logout on A refused on B after ${ms} ms`);
    expect(ms).toBeLessThan(BOUND_MS);
    expect((await call(b, token, 'GET', '/api/sys/user/get')).json().code).toBe(ResultCode.SESSION_INVALID);
  });

  it('a user disabled on A is refused on B; a role edited on A applies on B', async () => {
    const [system, rolePage] = await menuIdsOf(ctx.database.db, ['system', 'system.role']);
    const role = await addRole(ctx.app, admin, await menuIdsOf(ctx.database.db, ['system', 'system.user']));
    const one = await addUser(ctx.app, admin, { roleIds: [role.id] });
    const two = await addUser(ctx.app, admin, { roleIds: [role.id] });
    const t1 = await login(ctx.app, one.username, USER_PASSWORD);
    const t2 = await login(ctx.app, two.username, USER_PASSWORD);
    for (const t of [t1, t2, t1, t2]) expect((await usersPage(b, t)).statusCode).toBe(200);

    await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: one.id, enabled: false });
    const disabled = await until(() => usersPage(b, t1).then((r) => r.statusCode), 401);
    console.info(`user disabled on A refused on B after ${disabled} ms`);
    expect(disabled).toBeLessThan(BOUND_MS);

    await api(ctx.app, admin, 'PUT', '/api/sys/role/update', {
      id: role.id,
      name: role.code,
      menuIds: [system, rolePage],
      enabled: true,
    });
    const edited = await until(() => usersPage(b, t2).then((r) => r.statusCode), 403);
    console.info(`role edited on A applied on B after ${edited} ms`);
    expect(edited).toBeLessThan(BOUND_MS);
  });
});
