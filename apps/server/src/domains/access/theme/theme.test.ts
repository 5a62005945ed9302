import { DEFAULT_THEME_CONFIG, ResultCode, type ThemeConfig } from '@ess/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users } from '../../../db/schema';
import { call, createTestApp, login, type TestContext } from '../../../test/harness';
import { SYSTEM_THEME_KEY } from './theme.repository';

let ctx: TestContext;
let admin: string;
let operator: string;
let ids: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  const rows = await ctx.database.db.select({ id: users.id, username: users.username }).from(users);
  ids = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(() => ctx?.close());

const green: ThemeConfig = {
  title: 'Ops',
  theme: '#13c2c2',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
  pinyinSearch: true,
};

describe('theme calls', () => {
  it('serves the spec 9 default as the system theme until one is stored', async () => {
    const res = await call(ctx.app, operator, 'GET', '/api/sys/user/getSysTheme');
    expect(res.json().data).toEqual({
      userId: 0,
      config: { theme: '#0094ff', tagsView: false, fixedHeader: false, sidebarLogo: false, pinyinSearch: false },
    });
    expect(res.json().data.config).toEqual(DEFAULT_THEME_CONFIG);
    expect((await call(ctx.app, null, 'GET', '/api/sys/user/getSysTheme')).statusCode).toBe(401);
  });

  it("reads a user's theme: the system default before any save, own theme after", async () => {
    const before = await call(ctx.app, operator, 'GET', `/api/sys/user/getUserTheme/${ids.operator}`);
    expect(before.json().data).toEqual({ userId: ids.operator, config: DEFAULT_THEME_CONFIG });

    const saved = await call(ctx.app, operator, 'POST', '/api/sys/user/addUserTheme', green);
    expect(saved.json()).toMatchObject({ code: 200, data: { userId: ids.operator, config: green } });
    const after = await call(ctx.app, operator, 'GET', `/api/sys/user/getUserTheme/${ids.operator}`);
    expect(after.json().data).toEqual({ userId: ids.operator, config: green });

    const again = await call(ctx.app, operator, 'POST', '/api/sys/user/addUserTheme', { ...green, theme: '#ff0000' });
    expect(again.statusCode).toBe(200);
    const read = await call(ctx.app, operator, 'GET', `/api/sys/user/getUserTheme/${ids.operator}`);
    expect(read.json().data.config.theme).toBe('#ff0000');
  });

  it("lets only the user themself or an admin read a user's theme", async () => {
    const other = await call(ctx.app, operator, 'GET', `/api/sys/user/getUserTheme/${ids.admin}`, undefined, 'en_US');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: ResultCode.FORBIDDEN, msg: 'No permission for this page', data: null });
    // Not even whether a user exists leaks to non-admins.
    const missing = await call(ctx.app, operator, 'GET', '/api/sys/user/getUserTheme/999999');
    expect(missing.statusCode).toBe(403);
    const byAdmin = await call(ctx.app, admin, 'GET', `/api/sys/user/getUserTheme/${ids.operator}`);
    expect(byAdmin.json().data.userId).toBe(ids.operator);
    const adminMissing = await call(ctx.app, admin, 'GET', '/api/sys/user/getUserTheme/999999');
    expect(adminMissing.statusCode).toBe(404);
  });

  it('answers an id that is not a positive integer with a 400 envelope', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      const res = await call(ctx.app, admin, 'GET', `/api/sys/user/getUserTheme/${id}`, undefined, 'ja_JP');
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
      expect(res.json().msg).toMatch(/^リクエストが不正です：id/);
    }
  });

  it('refuses an invalid theme body with a 400 envelope', async () => {
    for (const body of [{ ...green, theme: 'red' }, { theme: '#0094ff' }, { ...green, tagsView: 'yes' }]) {
      const res = await call(ctx.app, operator, 'POST', '/api/sys/user/addUserTheme', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
    }
  });

  it("keeps the user's chosen time zone for platform records and refuses an unknown one", async () => {
    const zoned = { ...green, timeZone: 'America/New_York' };
    const saved = await call(ctx.app, admin, 'POST', '/api/sys/user/addUserTheme', zoned);
    expect(saved.json().data.config.timeZone).toBe('America/New_York');
    const read = await call(ctx.app, admin, 'GET', `/api/sys/user/getUserTheme/${ids.admin}`);
    expect(read.json().data.config).toEqual(zoned);

    const bad = await call(ctx.app, admin, 'POST', '/api/sys/user/addUserTheme', { ...green, timeZone: 'Mars/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ResultCode.BAD_REQUEST);
    const kept = await call(ctx.app, admin, 'GET', `/api/sys/user/getUserTheme/${ids.admin}`);
    expect(kept.json().data.config.timeZone).toBe('America/New_York');
  });

  it('lets the read-only manager keep a theme but refuses the shared demo account', async () => {
    const manager = await login(ctx.app, 'manager');
    const ok = await call(ctx.app, manager, 'POST', '/api/sys/user/addUserTheme', green);
    expect(ok.json().data).toEqual({ userId: ids.manager, config: green });

    const screen = await call(ctx.app, null, 'POST', '/api/sys/token/screenLogin', { from: 'screen' });
    const token = screen.json().data.accessToken as string;
    const refused = await call(ctx.app, token, 'POST', '/api/sys/user/addUserTheme', green, 'en_US');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'The shared demo account cannot change its password or personal settings',
      data: null,
    });
    // It still reads its (default) theme.
    const read = await call(ctx.app, token, 'GET', `/api/sys/user/getUserTheme/${ids.screen}`);
    expect(read.json().data.config).toEqual(DEFAULT_THEME_CONFIG);
  });

  it('uses a stored system theme as the default, ignoring a malformed one', async () => {
    const db = ctx.database.db;
    const stored: ThemeConfig = { ...DEFAULT_THEME_CONFIG, theme: '#722ed1', fixedHeader: true };
    await db.insert(settings).values({ key: SYSTEM_THEME_KEY, value: stored });
    const sys = await call(ctx.app, admin, 'GET', '/api/sys/user/getSysTheme');
    expect(sys.json().data).toEqual({ userId: 0, config: stored });
    const maintainer = await login(ctx.app, 'maintainer');
    const unsaved = await call(ctx.app, maintainer, 'GET', `/api/sys/user/getUserTheme/${ids.maintainer}`);
    expect(unsaved.json().data.config).toEqual(stored);

    await db
      .update(settings)
      .set({ value: { theme: 42 } })
      .where(eq(settings.key, SYSTEM_THEME_KEY));
    const fallback = await call(ctx.app, admin, 'GET', '/api/sys/user/getSysTheme');
    expect(fallback.json().data.config).toEqual(DEFAULT_THEME_CONFIG);
  });
});
