import type { MenuItem, RoleDetail, RoleOptions, RoleRow, StationTree } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMenus, roles } from '../../../db/schema';
import { addRole, addUser, api, menuIdsOf, orgIdOf, stationsOfOrg, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const detail = async (id: number): Promise<RoleDetail> =>
  (await api(ctx.app, admin, 'POST', '/api/sys/role/detail', { id })).json().data;
const menuCodes = (tree: MenuItem[]): string[] => tree.flatMap((m) => [m.code, ...menuCodes(m.children)]);
const stationIds = async (token: string): Promise<number[]> => {
  const res = await call(ctx.app, token, 'POST', '/api/business/station');
  expect(res.statusCode, res.body).toBe(200);
  const tree: StationTree = res.json().data;
  return tree.flatMap((p) => p.children.map((s) => s.id)).sort((a, b) => a - b);
};

describe('POST /api/sys/role/add', () => {
  it('adds a role whose menu rows include the parents of what was chosen', async () => {
    const [page, button] = await menuIdsOf(db(), ['system.user', 'sys.user.add']);
    const [system] = await menuIdsOf(db(), ['system']);
    const res = await api(ctx.app, admin, 'POST', '/api/sys/role/add', {
      code: 'auditor',
      name: '审计员',
      description: 'reads users',
      menuIds: [page, button],
    });
    expect(res.json().code, res.body).toBe(200);
    expect(await detail(res.json().data.id)).toMatchObject({
      code: 'auditor',
      name: '审计员',
      enabled: true,
      dataScope: 'org',
      menuIds: [system, page, button].sort((a, b) => (a ?? 0) - (b ?? 0)),
      userCount: 0,
      builtin: false,
    });
  });

  it('needs at least one menu: "please authorise menus" in four languages', async () => {
    const [button] = await menuIdsOf(db(), ['sys.user.add']);
    const expected = {
      zh_CN: '请授权菜单',
      en_US: 'Please authorise menus',
      es_ES: 'Autorice al menos un menú',
      ja_JP: 'メニューを権限付与してください',
    };
    for (const [lang, msg] of Object.entries(expected)) {
      const none = await api(ctx.app, admin, 'POST', '/api/sys/role/add', { code: 'x1', name: 'x', menuIds: [] }, lang);
      expect(none.statusCode).toBe(400);
      expect(none.json().msg).toBe(msg);
    }
    // A button's parents are menus, so a button alone brings its page with it.
    const withButton = await api(ctx.app, admin, 'POST', '/api/sys/role/add', {
      code: 'x2',
      name: 'x',
      menuIds: [button],
    });
    expect(withButton.json().code).toBe(200);
  });

  it('refuses a taken code, an unknown menu and a custom scope without organisations', async () => {
    const [menu] = await menuIdsOf(db(), ['surveillance']);
    const taken = await api(ctx.app, admin, 'POST', '/api/sys/role/add', {
      code: 'Operator',
      name: 'x',
      menuIds: [menu],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('角色编码“Operator”已存在');
    const unknown = await api(ctx.app, admin, 'POST', '/api/sys/role/add', {
      code: 'x3',
      name: 'x',
      menuIds: [999_999],
    });
    expect(unknown.statusCode).toBe(404);
    const custom = await api(ctx.app, admin, 'POST', '/api/sys/role/add', {
      code: 'x4',
      name: 'x',
      menuIds: [menu],
      dataScope: 'custom',
    });
    expect(custom.json().msg).toBe('请选择数据权限的组织');
  });
});

describe('GET /api/sys/role/options and POST /page', () => {
  it('lists every menu and button row in the request language, and the organisations', async () => {
    const res = await api(ctx.app, admin, 'GET', '/api/sys/role/options', undefined, 'en_US');
    const options: RoleOptions = res.json().data;
    expect(options.menus.find((m) => m.code === 'system.user')).toMatchObject({ name: 'Users', type: 'menu' });
    expect(options.menus.find((m) => m.code === 'sys.user.add')).toMatchObject({
      type: 'button',
      perms: 'sys:user:add',
    });
    expect(options.orgs.map((o) => o.name)).toContain('Jiangsu branch');
  });

  it('pages roles with their user counts; admin is built in', async () => {
    const res = await api(ctx.app, admin, 'POST', '/api/sys/role/page', { pageNum: 1, pageSize: 50, orderBy: 'code' });
    const rows: RoleRow[] = res.json().data.rows;
    expect(rows.map((r) => r.code)).toEqual([...rows.map((r) => r.code)].sort());
    expect(rows.find((r) => r.code === 'admin')).toMatchObject({ builtin: true, userCount: 1 });
    expect(rows.find((r) => r.code === 'operator')?.userCount).toBe(1);
    const filtered = await api(ctx.app, admin, 'POST', '/api/sys/role/page', {
      pageNum: 1,
      pageSize: 10,
      name: 'oper',
    });
    expect(filtered.json().data).toMatchObject({ total: 1, rows: [{ code: 'operator' }] });
  });
});

describe('a role change applies to its users on their next call', () => {
  it('menus and permissions follow the role for the same token', async () => {
    const [system, userPage, rolePage] = await menuIdsOf(db(), ['system', 'system.user', 'system.role']);
    const role = await addRole(ctx.app, admin, [system ?? 0, userPage ?? 0]);
    const user = await addUser(ctx.app, admin, { roleIds: [role.id] });
    const token = await login(ctx.app, user.username, USER_PASSWORD);
    const users = () => api(ctx.app, token, 'POST', '/api/sys/user/page', { pageNum: 1, pageSize: 1 });
    const rolesPage = () => api(ctx.app, token, 'POST', '/api/sys/role/page', { pageNum: 1, pageSize: 1 });
    const menu = async () =>
      menuCodes((await call(ctx.app, token, 'POST', '/api/sys/permission/per/exclusiveMenu', {})).json().data);
    expect((await users()).statusCode).toBe(200);
    expect((await rolesPage()).statusCode).toBe(403);
    expect(await menu()).toEqual(['system', 'system.user']);

    const changed = await api(ctx.app, admin, 'PUT', '/api/sys/role/update', {
      id: role.id,
      name: role.code,
      menuIds: [system, rolePage],
      enabled: true,
    });
    expect(changed.json().code, changed.body).toBe(200);
    expect((await users()).statusCode).toBe(403);
    expect((await rolesPage()).statusCode).toBe(200);
    expect(await menu()).toEqual(['system', 'system.role']);
    const info = (await call(ctx.app, token, 'GET', '/api/sys/user/get')).json().data;
    expect(info.powerList).toContain('sys:role:query');
    expect(info.powerList).not.toContain('sys:user:query');
  });

  it('a disabled role grants no menus, no permissions and no stations', async () => {
    const [system, userPage] = await menuIdsOf(db(), ['system', 'system.user']);
    const role = await addRole(ctx.app, admin, [system ?? 0, userPage ?? 0], { dataScope: 'all' });
    const user = await addUser(ctx.app, admin, { roleIds: [role.id], deptId: null });
    const token = await login(ctx.app, user.username, USER_PASSWORD);
    expect((await stationIds(token)).length).toBeGreaterThan(0);
    const off = await api(ctx.app, admin, 'PUT', '/api/sys/role/status', { id: role.id, enabled: false });
    expect(off.json().code).toBe(200);
    expect((await api(ctx.app, token, 'POST', '/api/sys/user/page', { pageNum: 1, pageSize: 1 })).statusCode).toBe(403);
    expect((await call(ctx.app, token, 'POST', '/api/sys/permission/per/exclusiveMenu', {})).json().data).toEqual([]);
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/get')).json().data.powerList).toEqual([]);
    expect(await stationIds(token)).toEqual([]);
  });
});

describe('data scope', () => {
  it('all: every station; org: the user organisation subtree; custom: the chosen organisations', async () => {
    const [menu] = await menuIdsOf(db(), ['surveillance']);
    const js = await orgIdOf(db(), 'G-JS');
    const gd = await orgIdOf(db(), 'G-GD');
    const zj = await orgIdOf(db(), 'G-ZJ');
    const every = await stationIds(admin);

    const signIn = async (extra: { dataScope: 'all' | 'org' | 'custom'; orgIds?: number[] }) => {
      const role = await addRole(ctx.app, admin, [menu ?? 0], extra);
      const user = await addUser(ctx.app, admin, { roleIds: [role.id], deptId: js });
      return { role, token: await login(ctx.app, user.username, USER_PASSWORD) };
    };
    expect(await stationIds((await signIn({ dataScope: 'all' })).token)).toEqual(every);
    expect(await stationIds((await signIn({ dataScope: 'org' })).token)).toEqual(await stationsOfOrg(db(), js));
    const custom = await signIn({ dataScope: 'custom', orgIds: [gd, zj] });
    const gdZj = [...(await stationsOfOrg(db(), gd)), ...(await stationsOfOrg(db(), zj))].sort((a, b) => a - b);
    expect(await stationIds(custom.token)).toEqual(gdZj);
    expect((await detail(custom.role.id)).orgIds).toEqual([gd, zj].sort((a, b) => a - b));

    // A station out of scope answers like a missing one.
    const jsStation = (await stationsOfOrg(db(), js))[0] ?? 0;
    const outside = await call(ctx.app, custom.token, 'POST', '/api/sys/permission/per/exclusiveMenu', {
      stationId: jsStation,
    });
    expect(outside.statusCode).toBe(404);
  });

  it('a user scope is the union of their roles’ scopes and their explicit grants', async () => {
    const [menu] = await menuIdsOf(db(), ['surveillance']);
    const js = await orgIdOf(db(), 'G-JS');
    const gd = await orgIdOf(db(), 'G-GD');
    const zj = await orgIdOf(db(), 'G-ZJ');
    const orgRole = await addRole(ctx.app, admin, [menu ?? 0], { dataScope: 'org' });
    const customRole = await addRole(ctx.app, admin, [menu ?? 0], { dataScope: 'custom', orgIds: [gd] });
    const granted = (await stationsOfOrg(db(), zj))[0] ?? 0;
    const user = await addUser(ctx.app, admin, {
      roleIds: [orgRole.id, customRole.id],
      deptId: js,
      stationIds: [granted],
    });
    const token = await login(ctx.app, user.username, USER_PASSWORD);
    const expected = [...(await stationsOfOrg(db(), js)), ...(await stationsOfOrg(db(), gd)), granted].sort(
      (a, b) => a - b,
    );
    expect(await stationIds(token)).toEqual(expected);
  });
});

describe('DELETE /api/sys/role/:id', () => {
  it('refuses a role that still has users, then deletes it with its grants', async () => {
    const [menu] = await menuIdsOf(db(), ['surveillance']);
    const role = await addRole(ctx.app, admin, [menu ?? 0]);
    const user = await addUser(ctx.app, admin, { roleIds: [role.id] });
    const refused = await api(ctx.app, admin, 'DELETE', `/api/sys/role/${role.id}`, undefined, 'en_US');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('The role still has 1 user(s) and cannot be deleted');
    await api(ctx.app, admin, 'DELETE', `/api/sys/user/${user.id}`);
    const res = await api(ctx.app, admin, 'DELETE', `/api/sys/role/${role.id}`);
    expect(res.json().code, res.body).toBe(200);
    expect(await db().select().from(roleMenus).where(eq(roleMenus.roleId, role.id))).toEqual([]);
    expect((await api(ctx.app, admin, 'POST', '/api/sys/role/detail', { id: role.id })).statusCode).toBe(404);
  });

  it('never deletes or disables the admin role', async () => {
    const [row] = await db().select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const id = row?.id ?? 0;
    const del = await api(ctx.app, admin, 'DELETE', `/api/sys/role/${id}`);
    expect(del.json().msg).toBe('管理员角色不能删除或停用');
    const off = await api(ctx.app, admin, 'PUT', '/api/sys/role/status', { id, enabled: false });
    expect(off.json().msg).toBe('管理员角色不能删除或停用');
    const all = (await api(ctx.app, admin, 'GET', '/api/sys/role/options')).json().data.menus.length;
    expect((await detail(id)).menuIds).toHaveLength(all);
  });

  it('needs the delete permission', async () => {
    const [menu] = await menuIdsOf(db(), ['surveillance']);
    const role = await addRole(ctx.app, admin, [menu ?? 0]);
    const maintainer = await login(ctx.app, 'maintainer');
    expect((await api(ctx.app, maintainer, 'DELETE', `/api/sys/role/${role.id}`)).statusCode).toBe(403);
  });
});
