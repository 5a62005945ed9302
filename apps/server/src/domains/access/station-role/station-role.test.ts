import type { MenuItem, StationRoleRow } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../db/schema';
import { addRole, addUser, api, menuIdsOf, orgIdOf, stationsOfOrg, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: string;
/** A user whose own role shows monitoring in Jiangsu; Guangdong stations come by station role or grant. */
let user: { id: number; username: string };
let token: string;
/** Role with the virtual-device page (sys:virtualDeviceCol:query) and the roles page (sys:role:query). */
let pageRole: { id: number; code: string };
let ownRole: string;
let jsStation: number;
let gdStation: number;
let grantedStation: number;
let otherStation: number;

beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  const db = ctx.database.db;
  const js = await orgIdOf(db, 'G-JS');
  const gd = await stationsOfOrg(db, await orgIdOf(db, 'G-GD'));
  [jsStation] = (await stationsOfOrg(db, js)) as [number];
  [gdStation, grantedStation, otherStation] = gd as [number, number, number];
  const own = await addRole(ctx.app, admin, await menuIdsOf(db, ['surveillance']), { dataScope: 'org' });
  ownRole = own.code;
  pageRole = await addRole(
    ctx.app,
    admin,
    await menuIdsOf(db, ['system', 'system.virtualDeviceCol', 'system.role']),
    // Its data scope matters only to its global holders; at a station it adds that station alone.
    { dataScope: 'all' },
  );
  user = await addUser(ctx.app, admin, { roleIds: [own.id], deptId: js, stationIds: [grantedStation] });
  token = await login(ctx.app, user.username, USER_PASSWORD);
});
afterAll(() => ctx?.close());

const menuAt = async (stationId: number): Promise<string[]> => {
  const res = await call(ctx.app, token, 'POST', '/api/sys/permission/per/exclusiveMenu', { stationId });
  if (res.statusCode !== 200) return [`status ${res.statusCode}`];
  const codes = (tree: MenuItem[]): string[] => tree.flatMap((m) => [m.code, ...codes(m.children)]);
  return codes(res.json().data);
};
const virtualPage = (stationId: number) =>
  call(ctx.app, token, 'POST', '/api/business/virtual/page', { stationId, pageNum: 1, pageSize: 10 });

describe('station roles', () => {
  it('refuses a station call the caller may not make before reading its body, without a station role', async () => {
    // Nothing about the input leaks to a caller no role of theirs lets make the call:
    // a broken body and a station outside the scope both get 403, not 400 or 404.
    expect((await call(ctx.app, token, 'POST', '/api/business/virtual/page', { stationId: 'x' })).statusCode).toBe(403);
    expect((await virtualPage(otherStation)).statusCode).toBe(403);
  });

  it('adds a role at a station: the station joins the scope, its menu shows the role’s pages', async () => {
    expect(await menuAt(gdStation)).toEqual(['status 404']);
    const res = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/add', {
      userId: user.id,
      stationId: gdStation,
      roleId: pageRole.id,
    });
    expect(res.json().code, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userId: user.id, stationId: gdStation, roleId: pageRole.id });
    const at = await menuAt(gdStation);
    expect(at).toEqual(expect.arrayContaining(['surveillance', 'system', 'system.virtualDeviceCol', 'system.role']));
    // The web's route guard admits the user to those pages (their global roles are listed).
    const tree: MenuItem[] = (
      await call(ctx.app, token, 'POST', '/api/sys/permission/per/exclusiveMenu', { stationId: gdStation })
    ).json().data;
    const page = tree.flatMap((m) => m.children).find((m) => m.code === 'system.virtualDeviceCol');
    expect(page?.roles).toEqual(expect.arrayContaining([pageRole.code, ownRole]));
    // Elsewhere only the user's own roles count.
    expect(await menuAt(jsStation)).not.toContain('system.virtualDeviceCol');
    expect(await menuAt(grantedStation)).not.toContain('system.virtualDeviceCol');
  });

  it('allows calls naming that station by the station role’s permissions, and no others', async () => {
    expect((await virtualPage(gdStation)).statusCode).toBe(200);
    // In scope by an explicit grant, but without a station role there: the global roles decide.
    expect((await virtualPage(grantedStation)).statusCode).toBe(403);
    expect((await virtualPage(jsStation)).statusCode).toBe(403);
    // Outside the scope: like a missing station.
    expect((await virtualPage(otherStation)).statusCode).toBe(404);
    // Calls that name no station are never widened by a station role.
    const rolePage = await call(ctx.app, token, 'POST', '/api/sys/role/page', { pageNum: 1, pageSize: 1 });
    expect(rolePage.statusCode).toBe(403);
    const info = (await call(ctx.app, token, 'GET', '/api/sys/user/get')).json().data;
    expect(info.powerList).not.toContain('sys:virtualDeviceCol:query');
  });

  it('a disabled station role grants nothing, from the next call on', async () => {
    await api(ctx.app, admin, 'PUT', '/api/sys/role/status', { id: pageRole.id, enabled: false });
    // No enabled station role left anywhere: refused before the station is even read.
    expect((await virtualPage(gdStation)).statusCode).toBe(403);
    expect(await menuAt(gdStation)).toEqual(['status 404']);
    await api(ctx.app, admin, 'PUT', '/api/sys/role/status', { id: pageRole.id, enabled: true });
    expect((await virtualPage(gdStation)).statusCode).toBe(200);
  });

  it('one role per user and station; the admin role is not a station role', async () => {
    const again = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/add', {
      userId: user.id,
      stationId: gdStation,
      roleId: pageRole.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该用户在此电站已有角色');
    const [adminRole] = await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const asAdmin = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/add', {
      userId: user.id,
      stationId: otherStation,
      roleId: adminRole?.id,
    });
    expect(asAdmin.json().msg).toBe('管理员角色不能作为电站角色');
  });

  it('lists, changes and removes station roles; a held role cannot be deleted', async () => {
    const page = await api(ctx.app, admin, 'POST', '/api/sys/stationRole/page', {
      pageNum: 1,
      pageSize: 10,
      name: user.username,
    });
    const rows: StationRoleRow[] = page.json().data.rows;
    expect(page.json().data.total).toBe(1);
    const row = rows[0];
    expect(row).toMatchObject({ username: user.username, stationId: gdStation, roleId: pageRole.id });
    const held = await api(ctx.app, admin, 'DELETE', `/api/sys/role/${pageRole.id}`);
    expect(held.statusCode).toBe(409);

    const moved = await api(ctx.app, admin, 'PUT', '/api/sys/stationRole/update', {
      id: row?.id,
      userId: user.id,
      stationId: otherStation,
      roleId: pageRole.id,
    });
    expect(moved.json().code, moved.body).toBe(200);
    expect((await virtualPage(otherStation)).statusCode).toBe(200);
    expect((await virtualPage(gdStation)).statusCode).toBe(404);

    const removed = await api(ctx.app, admin, 'DELETE', `/api/sys/stationRole/${row?.id}`);
    expect(removed.json().code).toBe(200);
    expect((await virtualPage(otherStation)).statusCode).toBe(403);
    expect((await api(ctx.app, admin, 'DELETE', `/api/sys/role/${pageRole.id}`)).json().code).toBe(200);
  });

  it('needs the station-role permissions', async () => {
    const operator = await login(ctx.app, 'operator');
    const res = await api(ctx.app, operator, 'POST', '/api/sys/stationRole/page', { pageNum: 1, pageSize: 10 });
    expect(res.statusCode).toBe(403);
    const add = await api(ctx.app, operator, 'POST', '/api/sys/stationRole/add', {
      userId: user.id,
      stationId: jsStation,
      roleId: 1,
    });
    expect(add.statusCode).toBe(403);
  });
});
