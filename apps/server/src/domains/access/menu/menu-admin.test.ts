import { type MenuAddInput, type MenuAdminNode, type MenuItem, ResultCode } from '@ess/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncBuiltInMenus } from '../../../db/menu-sync';
import { menus, roleMenus, roles } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

const TREE = '/api/sys/menu/tree';
const DETAIL = '/api/sys/menu/detail';
const ADD = '/api/sys/menu/add';
const UPDATE = '/api/sys/menu/update';
const DELETE = '/api/sys/menu/delete';
const EXCLUSIVE = '/api/sys/permission/per/exclusiveMenu';

let ctx: TestContext;
let admin: string;
let operator: string;
let sid: (code: string) => number;
beforeAll(async () => {
  ctx = await createTestApp({ TELEMETRY: 'off', SIMULATOR: 'off' });
  admin = await login(ctx.app, 'admin');
  operator = await login(ctx.app, 'operator');
  sid = await stationIdLookup(ctx.database.db);
});
afterAll(() => ctx?.close());

const flatten = <T extends { children: T[] }>(items: T[]): T[] => items.flatMap((m) => [m, ...flatten(m.children)]);

async function tree(token = admin, lang = 'zh_CN'): Promise<MenuAdminNode[]> {
  const res = await call(ctx.app, token, 'POST', TREE, {}, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const nodeOf = async (code: string, lang = 'zh_CN') => {
  const n = flatten(await tree(admin, lang)).find((m) => m.code === code);
  if (!n) throw new Error(`no row ${code}`);
  return n;
};

let seq = 0;
/** A new menu row's body: unique code, four names, under `pid`. */
const menuBody = (pid: number, over: Partial<MenuAddInput> = {}): MenuAddInput => {
  seq++;
  return {
    pid,
    code: `test.menu${seq}`,
    names: { zh_CN: `测试菜单${seq}`, en_US: `Test menu ${seq}`, es_ES: `Menú ${seq}`, ja_JP: `テスト${seq}` },
    type: 'menu',
    url: `/test/menu-${seq}`,
    icon: 'MenuOutlined',
    orderNum: 50,
    ...over,
  };
};
const add = (body: object, token = admin, lang = 'en_US') => call(ctx.app, token, 'POST', ADD, body, lang);
const update = (body: object, lang = 'en_US') => call(ctx.app, admin, 'POST', UPDATE, body, lang);
const del = (id: number, lang = 'en_US') => call(ctx.app, admin, 'POST', DELETE, { id }, lang);
async function added(body: MenuAddInput): Promise<number> {
  const res = await add(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
const expectRefused = (res: Awaited<ReturnType<typeof add>>, status: number, msg: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ code: status === 409 ? ResultCode.CONFLICT : ResultCode.BAD_REQUEST, msg, data: null });
};

describe('menu tree', () => {
  it('holds every row, buttons included, nested by parent, names in the request language and all four', async () => {
    const rows = await ctx.database.db.select().from(menus);
    const en = await tree(admin, 'en_US');
    const all = flatten(en);
    expect(all).toHaveLength(rows.length);
    const system = all.find((m) => m.code === 'system.menu');
    expect(system).toMatchObject({
      name: 'Menus',
      names: { zh_CN: '菜单管理', en_US: 'Menus', es_ES: 'Menús', ja_JP: 'メニュー管理' },
      pidName: 'System',
      perms: 'sys:menu:query',
      type: 'menu',
      builtIn: true,
      method: null,
    });
    expect(system?.children.map((c) => [c.code, c.type, c.perms])).toEqual([
      ['sys.menu.add', 'button', 'sys:menu:add'],
      ['sys.menu.edit', 'button', 'sys:menu:edit'],
      ['sys.menu.delete', 'button', 'sys:menu:delete'],
    ]);
    for (const level of [en, ...all.map((m) => m.children)]) {
      const keys = level.map((m) => [m.orderNum, m.id] as const);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    }
    const ja = flatten(await tree(admin, 'ja_JP')).find((m) => m.code === 'system.menu');
    expect([ja?.name, ja?.pidName]).toEqual(['メニュー管理', 'システム管理']);
  });

  it('is refused without sys:menu:query or sys:role:query, and served to a role with either', async () => {
    const res = await call(ctx.app, operator, 'POST', TREE, {}, 'en_US');
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('No permission for this page');
    expect((await call(ctx.app, operator, 'POST', DETAIL, { id: 1 })).statusCode).toBe(403);
    // Role management's authorisation tree: the role page permission is enough for the tree.
    const db = ctx.database.db;
    const [op] = await db.select().from(roles).where(eq(roles.code, 'operator'));
    const [rolePage] = await db.select().from(menus).where(eq(menus.code, 'system.role'));
    if (!op || !rolePage) throw new Error('seed changed');
    await db.insert(roleMenus).values({ roleId: op.id, menuId: rolePage.id });
    // Granted behind the app's back: its session cache is told, as the role API does.
    ctx.app.auth.sessionsChanged({ all: true });
    try {
      expect((await tree(operator)).length).toBeGreaterThan(0);
      expect((await call(ctx.app, operator, 'POST', DETAIL, { id: rolePage.id })).statusCode).toBe(403);
      expect((await add(menuBody(0), operator)).statusCode).toBe(403);
    } finally {
      await db.delete(roleMenus).where(and(eq(roleMenus.roleId, op.id), eq(roleMenus.menuId, rolePage.id)));
      ctx.app.auth.sessionsChanged({ all: true });
    }
  });
});

describe('adding rows', () => {
  it('adds a menu and a button under it with every field, perms in one spelling', async () => {
    const system = await nodeOf('system');
    const stationId = sid('JS-SZ01');
    const menuId = await added(
      menuBody(system.id, {
        code: 'system.reports',
        names: { zh_CN: '报表', en_US: 'Reports' },
        perms: ' report:page:query ',
        urlApp: 'pages/report/index',
        iconApp: 'report',
        show: 'pc',
        color: '#1677ff',
        hidden: true,
        component: 'features/report',
        stationTypes: ['operating'],
        stationIds: [stationId, stationId],
      }),
    );
    const buttonId = await added(
      menuBody(menuId, {
        code: 'system.reports.export',
        type: 'button',
        url: null,
        icon: null,
        perms: 'report:page:export, report:page:print',
        method: 'POST',
      }),
    );
    const detail = await call(ctx.app, admin, 'POST', DETAIL, { id: menuId }, 'es_ES');
    expect(detail.json().data).toMatchObject({
      id: menuId,
      pid: system.id,
      code: 'system.reports',
      // A missing language falls back to the Chinese name.
      name: '报表',
      names: { zh_CN: '报表', en_US: 'Reports', es_ES: '', ja_JP: '' },
      perms: 'report:page:query',
      urlApp: 'pages/report/index',
      iconApp: 'report',
      show: 'pc',
      color: '#1677ff',
      hidden: true,
      component: 'features/report',
      stationTypes: ['operating'],
      stationIds: [stationId],
      builtIn: false,
      status: 1,
    });
    const button = await nodeOf('system.reports.export', 'en_US');
    expect(button).toMatchObject({
      id: buttonId,
      pid: menuId,
      pidName: 'Reports',
      type: 'button',
      perms: 'report:page:export,report:page:print',
      method: 'POST',
    });
  });

  it('refuses a taken code with a clear message', async () => {
    expectRefused(
      await add(menuBody(0, { code: 'system.user' })),
      409,
      'A menu with the code "system.user" already exists',
    );
    const zh = await add(menuBody(0, { code: 'system.user' }), admin, 'zh_CN');
    expect(zh.json().msg).toBe('菜单编码“system.user”已存在');
  });

  it('refuses rows without a Chinese and an English title', async () => {
    for (const names of [{ zh_CN: '只有中文' }, { en_US: 'English only' }, { zh_CN: '  ', en_US: 'x' }]) {
      expectRefused(await add(menuBody(0, { names })), 400, 'Enter the menu title (at least Chinese and English)');
    }
    const ja = await add(menuBody(0, { names: { zh_CN: '' } }), admin, 'ja_JP');
    expect(ja.json().msg).toBe('メニュー名を入力してください（少なくとも中国語と英語）');
  });

  it('checks external links: http, https, mailto and tel, or a path of the platform', async () => {
    for (const url of [
      'https://example.com/a?b=1',
      'http://intranet:8080',
      'mailto:ops@example.com',
      'tel:+8613812345678',
      '/screen',
    ]) {
      expect((await add(menuBody(0, { url, external: true }))).statusCode, url).toBe(200);
    }
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.com',
      'www.example.com',
      '//evil.example',
      'http://',
      'https://a b.c',
    ]) {
      expectRefused(
        await add(menuBody(0, { url, external: true })),
        400,
        'An external link must start with http:, https:, mailto: or tel: (a page of the platform starts with /)',
      );
    }
  });

  it('refuses malformed codes, permissions, icons and colours, and unknown stations', async () => {
    expectRefused(
      await add(menuBody(0, { code: '1abc' })),
      400,
      'The menu code must start with a letter and hold only letters, digits, dots, underscores and hyphens',
    );
    for (const perms of ['sys', 'sys:', 'sys:menu:', 'a:b,,c:d', 'sys menu:query']) {
      expectRefused(
        await add(menuBody(0, { perms })),
        400,
        'Permissions must look like a:b:c, several separated by commas',
      );
    }
    expectRefused(await add(menuBody(0, { icon: '<svg>' })), 400, 'The icon name is not valid');
    expectRefused(await add(menuBody(0, { color: 'rgb(1,2,3)' })), 400, 'The colour is not valid');
    expectRefused(await add(menuBody(0, { stationIds: [999_999] })), 400, 'A chosen station does not exist');
    const bad = await add({ ...menuBody(0), type: 'folder' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^Invalid request: type/);
  });

  it('applies the node rules: parent exists, buttons only under menus, nothing under a button', async () => {
    expectRefused(await add(menuBody(999_999)), 400, 'The parent menu does not exist');
    expectRefused(await add(menuBody(0, { type: 'button' })), 400, 'A button must be placed under a menu');
    const button = await nodeOf('sys.menu.add');
    expectRefused(await add(menuBody(button.id)), 400, 'A button cannot hold menus or buttons');
    expectRefused(await add(menuBody(button.id, { type: 'button' })), 400, 'A button cannot hold menus or buttons');
  });
});

describe('updating rows', () => {
  it('edits a built-in row and keeps the node rules', async () => {
    const page = await nodeOf('system.menu');
    const system = await nodeOf('system');
    const body = { ...page, names: { ...page.names, en_US: 'Menu editor' } };
    const res = await update(body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await nodeOf('system.menu', 'en_US')).name).toBe('Menu editor');

    expectRefused(await update({ ...page, pid: page.id }), 400, 'A menu cannot be its own parent');
    const child = page.children[0];
    if (!child) throw new Error('seed changed');
    // Moving a menu below its own button is both a descendant and a button parent: descendant wins.
    expectRefused(
      await update({ ...page, pid: child.id }),
      400,
      'The parent cannot be one of the menu’s own descendants',
    );
    expectRefused(
      await update({ ...system, pid: page.id }),
      400,
      'The parent cannot be one of the menu’s own descendants',
    );
    expectRefused(
      await update({ ...page, type: 'button' }),
      400,
      'This menu has items below it and cannot become a button',
    );
    expectRefused(
      await update({ ...page, code: 'system.user' }),
      409,
      'A menu with the code "system.user" already exists',
    );
    const missing = await update({ ...page, id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The menu does not exist');
  });

  it('moves a row to another parent', async () => {
    const id = await added(menuBody((await nodeOf('system')).id));
    const alarm = await nodeOf('alarm');
    const row = (await call(ctx.app, admin, 'POST', DETAIL, { id })).json().data;
    expect((await update({ ...row, pid: alarm.id, orderNum: 0 })).statusCode).toBe(200);
    expect((await nodeOf('alarm')).children[0]?.id).toBe(id);
  });
});

describe('deleting rows', () => {
  it('refuses a row with children, naming it', async () => {
    const page = await nodeOf('system.user');
    expectRefused(await del(page.id), 409, '"Users" still has menus or buttons below it; delete them first');
    expect((await del(page.id, 'zh_CN')).json().msg).toBe('“用户管理”下还有子菜单或按钮，请先删除它们');
  });

  it('removes the role grants with the row, and a deleted built-in row stays deleted', async () => {
    const db = ctx.database.db;
    const button = await nodeOf('alarm.realtime.confirm');
    const grants = () => db.select().from(roleMenus).where(eq(roleMenus.menuId, button.id));
    expect((await grants()).length).toBeGreaterThan(0);
    const res = await del(button.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await grants()).toEqual([]);
    expect((await call(ctx.app, admin, 'POST', DETAIL, { id: button.id })).statusCode).toBe(404);
    expect((await del(button.id)).statusCode).toBe(404);
    // The next start's sync of built-in rows never brings it back.
    expect(await syncBuiltInMenus(db)).toBe(0);
    expect(flatten(await tree()).some((m) => m.code === 'alarm.realtime.confirm')).toBe(false);
  });

  it('is refused to a role without sys:menu:delete', async () => {
    const leaf = await nodeOf('sys.menu.delete');
    const res = await call(ctx.app, operator, 'POST', DELETE, { id: leaf.id }, 'en_US');
    expect(res.statusCode).toBe(403);
  });
});

describe('menu changes reach users at their next menu load', () => {
  const menuOf = async (token: string, lang = 'en_US'): Promise<MenuItem[]> => {
    const res = await call(ctx.app, token, 'POST', EXCLUSIVE, { stationId: sid('JS-SZ01') }, lang);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('shows a renamed entry and drops a disabled one on the next exclusiveMenu of a signed-in operator', async () => {
    const before = flatten(await menuOf(operator));
    expect(before.find((m) => m.code === 'alarm.history')?.name).toBe('Alarm history');
    expect(before.some((m) => m.code === 'alarm.realtime')).toBe(true);

    const history = await nodeOf('alarm.history');
    const renamed = { ...history, names: { ...history.names, en_US: 'Past alarms' } };
    expect((await update(renamed)).statusCode).toBe(200);
    const realtime = await nodeOf('alarm.realtime');
    expect((await update({ ...realtime, status: 0 })).statusCode).toBe(200);

    const after = flatten(await menuOf(operator));
    expect(after.find((m) => m.code === 'alarm.history')?.name).toBe('Past alarms');
    expect(after.some((m) => m.code === 'alarm.realtime')).toBe(false);

    // Limiting an entry to the app removes it from the PC menu as well.
    expect((await update({ ...renamed, show: 'app' })).statusCode).toBe(200);
    expect(flatten(await menuOf(operator)).some((m) => m.code === 'alarm.history')).toBe(false);
  });

  it("changes a granted button's permission in the user's powerList at the next call", async () => {
    const button = await nodeOf('alarm.history.export');
    const powers = async () =>
      (await call(ctx.app, operator, 'GET', '/api/sys/user/get')).json().data.powerList as string[];
    expect(await powers()).toContain('alarm:history:export');
    expect((await update({ ...button, perms: 'alarm:history:download' })).statusCode).toBe(200);
    const now = await powers();
    expect(now).toContain('alarm:history:download');
    expect(now).not.toContain('alarm:history:export');
  });
});
