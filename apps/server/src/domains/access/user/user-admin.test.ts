import { ResultCode, type SysUserRow } from '@ess/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, sessions, userRoles, userStations, users } from '../../../db/schema';
import { addRole, addUser, api, menuIdsOf, orgIdOf, sealed, USER_PASSWORD } from '../../../test/access-fixtures';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

let ctx: TestContext;
let admin: string;
let roleId: number;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  roleId = (await addRole(ctx.app, admin, await menuIdsOf(ctx.database.db, ['surveillance']))).id;
  const [a] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = a?.id ?? 0;
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const detail = async (id: number): Promise<SysUserRow> =>
  (await api(ctx.app, admin, 'POST', '/api/sys/user/detail', { id })).json().data;
const liveSessions = async (userId: number) =>
  (
    await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).length;

async function addBody(over: Record<string, unknown> = {}) {
  return {
    username: `user${Math.random().toString(36).slice(2, 8)}`,
    password: await sealed(ctx.app, USER_PASSWORD),
    realName: '赵测试',
    phone: '13812345678',
    email: 'zhao@example.com',
    sex: 1,
    roleIds: [roleId],
    ...over,
  };
}

describe('POST /api/sys/user/add', () => {
  it('adds a user who signs in with the sealed password, hashed with Argon2id', async () => {
    const deptId = await orgIdOf(db(), 'G-JS');
    const body = await addBody({ deptId });
    const res = await api(ctx.app, admin, 'POST', '/api/sys/user/add', body);
    expect(res.json().code, res.body).toBe(200);
    const id = res.json().data.id;
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row?.passwordHash).not.toContain(USER_PASSWORD);
    expect(await detail(id)).toMatchObject({
      username: body.username,
      realName: '赵测试',
      phone: '13812345678',
      deptId,
      deptName: '江苏分公司',
      roleIds: [roleId],
      enabled: true,
      builtin: false,
    });
    await expect(login(ctx.app, body.username, USER_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('refuses phone numbers with the exact messages of spec 5', async () => {
    const cases: [string, string, string][] = [
      ['', '手机号码不能为空', 'The phone number must not be empty'],
      ['1381234567', '手机号码长度不为11位', 'The phone number must have 11 digits'],
      ['23812345678', '手机号码格式不正确', 'The phone number format is incorrect'],
    ];
    for (const [phone, zh, en] of cases) {
      const body = await addBody({ phone });
      const res = await api(ctx.app, admin, 'POST', '/api/sys/user/add', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(zh);
      const again = await api(ctx.app, admin, 'POST', '/api/sys/user/add', await addBody({ phone }), 'en_US');
      expect(again.json().msg).toBe(en);
    }
  });

  it('refuses a malformed e-mail, a short password and an empty role list', async () => {
    const email = await api(ctx.app, admin, 'POST', '/api/sys/user/add', await addBody({ email: 'zhao@' }), 'en_US');
    expect(email.json().msg).toBe('Email format incorrect');
    const short = await api(
      ctx.app,
      admin,
      'POST',
      '/api/sys/user/add',
      await addBody({ password: await sealed(ctx.app, '12345') }),
    );
    expect(short.json().msg).toBe('密码长度为 6 到 18 位');
    const long = await api(
      ctx.app,
      admin,
      'POST',
      '/api/sys/user/add',
      await addBody({ password: await sealed(ctx.app, 'x'.repeat(19)) }),
    );
    expect(long.statusCode).toBe(400);
    const noRole = await api(ctx.app, admin, 'POST', '/api/sys/user/add', await addBody({ roleIds: [] }));
    expect(noRole.statusCode).toBe(400);
  });

  it('refuses a password in clear', async () => {
    const res = await api(ctx.app, admin, 'POST', '/api/sys/user/add', await addBody({ password: USER_PASSWORD }));
    expect(res.statusCode).toBe(400);
  });

  it('refuses a login name already taken, in any letter case', async () => {
    const first = await addBody();
    expect((await api(ctx.app, admin, 'POST', '/api/sys/user/add', first)).json().code).toBe(200);
    const again = await api(
      ctx.app,
      admin,
      'POST',
      '/api/sys/user/add',
      await addBody({ username: first.username.toUpperCase() }),
      'en_US',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`The login name "${first.username.toUpperCase()}" is already taken`);
  });

  it('grants the admin role only when an admin asks', async () => {
    const [adminRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const userManager = await addRole(ctx.app, admin, await menuIdsOf(db(), ['system', 'system.user', 'sys.user.add']));
    const js = await orgIdOf(db(), 'G-JS');
    const manager = await addUser(ctx.app, admin, { roleIds: [userManager.id], deptId: js });
    const token = await login(ctx.app, manager.username, USER_PASSWORD);
    const escalate = await api(
      ctx.app,
      token,
      'POST',
      '/api/sys/user/add',
      await addBody({ roleIds: [adminRole?.id], deptId: js }),
      'en_US',
    );
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json()).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: expect.stringMatching(/^Only an administrator/),
    });
    // What the manager holds, in their organisation (docs/architecture.md "Who may grant what").
    const plain = await api(
      ctx.app,
      token,
      'POST',
      '/api/sys/user/add',
      await addBody({ roleIds: [userManager.id], deptId: js }),
    );
    expect(plain.json().code, plain.body).toBe(200);
  });
});

describe('POST /api/sys/user/page', () => {
  it('filters by name, role and enabled and answers rows and total', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const res = await api(ctx.app, admin, 'POST', '/api/sys/user/page', {
      pageNum: 1,
      pageSize: 10,
      name: made.username,
      roleId,
      enabled: true,
    });
    expect(res.json().data).toMatchObject({ total: 1, rows: [{ id: made.id, username: made.username }] });
    const all = await api(ctx.app, admin, 'POST', '/api/sys/user/page', {
      pageNum: 1,
      pageSize: 200,
      orderBy: 'username',
    });
    const names = all.json().data.rows.map((r: SysUserRow) => r.username);
    expect(names).toEqual([...names].sort());
    expect(all.json().data.rows.find((r: SysUserRow) => r.username === 'admin')?.builtin).toBe(true);
  });

  it('needs the page permission', async () => {
    const operator = await login(ctx.app, 'operator');
    const res = await api(ctx.app, operator, 'POST', '/api/sys/user/page', { pageNum: 1, pageSize: 10 });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/sys/user/update and /status', () => {
  it('changes fields, roles and station grants', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const options = (await api(ctx.app, admin, 'GET', '/api/sys/user/options')).json().data;
    const stationId = options.stations[0].id;
    const other = await addRole(ctx.app, admin, await menuIdsOf(db(), ['surveillance']));
    const res = await api(ctx.app, admin, 'PUT', '/api/sys/user/update', {
      id: made.id,
      realName: '钱改名',
      phone: '13900001111',
      roleIds: [other.id],
      stationIds: [stationId],
      enabled: true,
    });
    expect(res.json().code, res.body).toBe(200);
    expect(await detail(made.id)).toMatchObject({
      realName: '钱改名',
      phone: '13900001111',
      roleIds: [other.id],
      stationIds: [stationId],
    });
  });

  it('ends a disabled user’s sessions at once; their token is refused on the next call', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const token = await login(ctx.app, made.username, USER_PASSWORD);
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/get')).statusCode).toBe(200);
    expect(await liveSessions(made.id)).toBe(1);
    const res = await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: made.id, enabled: false });
    expect(res.json().code).toBe(200);
    expect(await liveSessions(made.id)).toBe(0);
    const next = await call(ctx.app, token, 'GET', '/api/sys/user/get');
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe(ResultCode.SESSION_INVALID);
    await expect(login(ctx.app, made.username, USER_PASSWORD)).rejects.toThrow(/403/);
    // Enabled again, they sign in again.
    await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: made.id, enabled: true });
    await expect(login(ctx.app, made.username, USER_PASSWORD)).resolves.toBeTypeOf('string');
  });

  it('refuses a disabled user on the next call even without the revocation', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const token = await login(ctx.app, made.username, USER_PASSWORD);
    await db().update(users).set({ enabled: false }).where(eq(users.id, made.id));
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/get')).statusCode).toBe(401);
  });

  it('disabling through update ends the sessions too', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const token = await login(ctx.app, made.username, USER_PASSWORD);
    const body = { ...(await detail(made.id)), enabled: false };
    const res = await api(ctx.app, admin, 'PUT', '/api/sys/user/update', {
      id: body.id,
      realName: body.realName,
      phone: body.phone,
      roleIds: body.roleIds,
      enabled: false,
    });
    expect(res.json().code, res.body).toBe(200);
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/get')).statusCode).toBe(401);
  });

  it('nobody disables themself; the built-in admin is never disabled or stripped of admin', async () => {
    const self = await api(ctx.app, admin, 'PUT', '/api/sys/user/status', { id: adminId, enabled: false }, 'en_US');
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('You cannot disable yourself');
    const strip = await api(ctx.app, admin, 'PUT', '/api/sys/user/update', {
      id: adminId,
      realName: '系统管理员',
      phone: '13800000000',
      roleIds: [roleId],
      enabled: true,
    });
    // Nobody changes their own roles, not even the built-in admin.
    expect(strip.json()).toMatchObject({
      code: ResultCode.FORBIDDEN,
      msg: '不能修改自己的角色、组织或电站角色，请由其他管理员操作',
    });
    // Another administrator cannot disable the built-in one, nor strip its admin role.
    const [adminRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const second = await addUser(ctx.app, admin, { roleIds: [adminRole?.id ?? 0] });
    const token = await login(ctx.app, second.username, USER_PASSWORD);
    const stripByOther = await api(ctx.app, token, 'PUT', '/api/sys/user/update', {
      id: adminId,
      realName: '系统管理员',
      phone: '13800000000',
      roleIds: [roleId],
      enabled: true,
    });
    expect(stripByOther.json().msg).toBe('内置管理员不能删除、停用或取消管理员角色');
    const other = await api(ctx.app, token, 'PUT', '/api/sys/user/status', { id: adminId, enabled: false });
    expect(other.json().msg).toBe('内置管理员不能删除、停用或取消管理员角色');
  });
});

describe('PUT /api/sys/user/resetPwd', () => {
  it('sets a new sealed password and ends the user’s sessions', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const token = await login(ctx.app, made.username, USER_PASSWORD);
    const res = await api(ctx.app, admin, 'PUT', '/api/sys/user/resetPwd', {
      id: made.id,
      password: await sealed(ctx.app, 'fresh-pass-9'),
    });
    expect(res.json().code, res.body).toBe(200);
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/get')).statusCode).toBe(401);
    await expect(login(ctx.app, made.username, USER_PASSWORD)).rejects.toThrow();
    await expect(login(ctx.app, made.username, 'fresh-pass-9')).resolves.toBeTypeOf('string');
  });

  it('needs the reset-password button permission', async () => {
    const editor = await addRole(ctx.app, admin, await menuIdsOf(db(), ['system', 'system.user', 'sys.user.edit']));
    const user = await addUser(ctx.app, admin, { roleIds: [editor.id] });
    const token = await login(ctx.app, user.username, USER_PASSWORD);
    const res = await api(ctx.app, token, 'PUT', '/api/sys/user/resetPwd', {
      id: user.id,
      password: await sealed(ctx.app, 'fresh-pass-9'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/sys/user/:id', () => {
  it('deletes a user with their sessions, roles and grants', async () => {
    const options = (await api(ctx.app, admin, 'GET', '/api/sys/user/options')).json().data;
    const made = await addUser(ctx.app, admin, { roleIds: [roleId], stationIds: [options.stations[0].id] });
    const token = await login(ctx.app, made.username, USER_PASSWORD);
    const res = await api(ctx.app, admin, 'DELETE', `/api/sys/user/${made.id}`);
    expect(res.json().code, res.body).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, made.id))).toEqual([]);
    expect(await db().select().from(userRoles).where(eq(userRoles.userId, made.id))).toEqual([]);
    expect(await db().select().from(userStations).where(eq(userStations.userId, made.id))).toEqual([]);
    expect((await call(ctx.app, token, 'GET', '/api/sys/user/get')).statusCode).toBe(401);
    expect((await api(ctx.app, admin, 'POST', '/api/sys/user/detail', { id: made.id })).statusCode).toBe(404);
  });

  it('nobody deletes themself, nor the built-in admin', async () => {
    const self = await api(ctx.app, admin, 'DELETE', `/api/sys/user/${adminId}`, undefined, 'en_US');
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('You cannot delete yourself');
    const [adminRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    const second = await addUser(ctx.app, admin, { roleIds: [adminRole?.id ?? 0] });
    const token = await login(ctx.app, second.username, USER_PASSWORD);
    const builtin = await api(ctx.app, token, 'DELETE', `/api/sys/user/${adminId}`);
    expect(builtin.json().msg).toBe('内置管理员不能删除、停用或取消管理员角色');
  });

  it('needs the delete permission and refuses read-only accounts', async () => {
    const made = await addUser(ctx.app, admin, { roleIds: [roleId] });
    const manager = await login(ctx.app, 'manager');
    expect((await api(ctx.app, manager, 'DELETE', `/api/sys/user/${made.id}`)).statusCode).toBe(403);
  });
});
