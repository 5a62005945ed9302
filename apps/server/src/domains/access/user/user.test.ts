import { ResultCode, type UserInfo } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, users } from '../../../db/schema';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const infoOf = async (token: string): Promise<UserInfo> => {
  const res = await call(ctx.app, token, 'GET', '/api/sys/user/get');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/sys/user/get', () => {
  it('describes admin with every permission of the menu table', async () => {
    const info = await infoOf(await login(ctx.app, 'admin'));
    const all = await ctx.database.db.select({ perms: menus.perms }).from(menus);
    const expected = [...new Set(all.flatMap((r) => (r.perms ? [r.perms] : [])))].sort();
    expect(info).toMatchObject({
      username: 'admin',
      realName: '系统管理员',
      deptName: '华储能源集团',
      roles: ['admin'],
      readOnly: false,
      demo: false,
      sessionKind: 'pc',
      lang: null,
    });
    expect(info.powerList).toEqual(expected);
    expect(info.powerList).toContain('sys:user:add');
  });

  it('gives each role its own permissions and organisation', async () => {
    const operator = await infoOf(await login(ctx.app, 'operator'));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'operator'));
    expect(operator).toMatchObject({
      userId: row?.id,
      deptId: row?.deptId,
      deptName: '江苏分公司',
      roles: ['operator'],
    });
    expect(operator.powerList).toEqual(expect.arrayContaining(['strategy:plan:issue', 'sys:translate']));
    expect(operator.powerList).not.toContain('sys:user:add');
    expect(operator.powerList).not.toContain('remote:file:upload');

    const maintainer = await infoOf(await login(ctx.app, 'maintainer'));
    expect(maintainer.deptName).toBe('广东分公司');
    expect(maintainer.powerList).toContain('remote:file:upload');
    expect(maintainer.powerList).not.toContain('strategy:plan:issue');

    const manager = await infoOf(await login(ctx.app, 'manager'));
    expect(manager).toMatchObject({ readOnly: true, demo: false, roles: ['manager'], deptName: '华储能源集团' });
    expect(manager.powerList).toContain('alarm:history:export');
    expect(manager.powerList).not.toContain('alarm:realtime:confirm');
  });

  it('marks the shared demo account and large-screen sessions', async () => {
    const screen = await call(ctx.app, null, 'POST', '/api/sys/token/screenLogin', { from: 'common-screen' });
    const info = await infoOf(screen.json().data.accessToken);
    expect(info).toMatchObject({ username: 'screen', readOnly: true, demo: true, sessionKind: 'screen' });
    expect(info.powerList).toEqual(['sys:translate']);

    // A window opened with a one-time large-screen token is a screen session of the same user.
    const operator = await login(ctx.app, 'operator');
    const applied = await call(ctx.app, operator, 'POST', '/api/sys/token/applyLargeScreenToken');
    const exchanged = await call(ctx.app, null, 'POST', '/api/sys/token/loginToCloud', {
      bigToken: applied.json().data.token,
      type: 'pc',
    });
    const big = await infoOf(exchanged.json().data.accessToken);
    expect(big).toMatchObject({ username: 'operator', demo: false, sessionKind: 'screen' });
  });

  it('reports a preferred language only when it is a supported one', async () => {
    await ctx.database.db.update(users).set({ lang: 'ja_JP' }).where(eq(users.username, 'maintainer'));
    expect((await infoOf(await login(ctx.app, 'maintainer'))).lang).toBe('ja_JP');
    await ctx.database.db.update(users).set({ lang: 'xx' }).where(eq(users.username, 'maintainer'));
    expect((await infoOf(await login(ctx.app, 'maintainer'))).lang).toBeNull();
  });

  it('needs a valid session', async () => {
    const none = await call(ctx.app, null, 'GET', '/api/sys/user/get', undefined, 'en_US');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: ResultCode.UNAUTHENTICATED, msg: 'Please log in first', data: null });
    const garbage = await call(ctx.app, 'garbage', 'GET', '/api/sys/user/get');
    expect(garbage.json().code).toBe(ResultCode.SESSION_INVALID);
  });
});
