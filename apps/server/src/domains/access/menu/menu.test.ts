import { BUILTIN_SYSTEM_MENU_CODES, type MenuItem, ResultCode } from '@ess/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles, stations } from '../../../db/schema';
import { call, createTestApp, login, stationIdLookup, type TestContext } from '../../../test/harness';

type Role = 'admin' | 'operator' | 'maintainer' | 'manager';
const URL = '/api/sys/permission/per/exclusiveMenu';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children)]);
const top = (items: MenuItem[]) => items.map((m) => m.code);
const childrenOf = (items: MenuItem[], code: string) =>
  flatten(items)
    .find((m) => m.code === code)
    ?.children.map((c) => c.code);

async function setup(): Promise<{ ctx: TestContext; tokens: Record<Role, string>; sid: (code: string) => number }> {
  const ctx = await createTestApp();
  const tokens = {
    admin: await login(ctx.app, 'admin'),
    operator: await login(ctx.app, 'operator'),
    maintainer: await login(ctx.app, 'maintainer'),
    manager: await login(ctx.app, 'manager'),
  };
  return { ctx, tokens, sid: await stationIdLookup(ctx.database.db) };
}

async function menuOf(ctx: TestContext, token: string, stationId: unknown, lang = 'zh_CN'): Promise<MenuItem[]> {
  const res = await call(ctx.app, token, 'POST', URL, { stationId }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('exclusiveMenu per role and station', () => {
  let ctx: TestContext;
  let tokens: Record<Role, string>;
  let sid: (code: string) => number;
  beforeAll(async () => {
    ({ ctx, tokens, sid } = await setup());
  });
  afterAll(() => ctx?.close());

  it('gives the operator the operating menus of a Jiangsu station, and never buttons', async () => {
    const m = await menuOf(ctx, tokens.operator, sid('JS-SZ01'));
    expect(top(m)).toEqual([
      'surveillance',
      'alarm',
      'operationalInspection',
      'task',
      'strategicManagement',
      'revenueManagement',
      'runReview',
      'remoteControl',
      'largeScreen',
    ]);
    expect(childrenOf(m, 'remoteControl')).toEqual(['remoteControl.issueOrder', 'remoteControl.integratedCabinet']);
    // Process definitions are granted to nobody but admin.
    expect(childrenOf(m, 'operationalInspection')).not.toContain('operationalInspection.activitiDefinition');
    expect(flatten(m).every((i) => i.type === 'menu' && i.status === 1 && i.show !== 'app')).toBe(true);
  });

  it('drops entries limited to operating stations at a construction site', async () => {
    const m = await menuOf(ctx, tokens.operator, sid('JS-WX01'));
    expect(top(m)).not.toContain('runReview');
    expect(childrenOf(m, 'strategicManagement')).toEqual(['strategicManagement.budget']);
    const surveillance = childrenOf(m, 'surveillance') ?? [];
    expect(surveillance).toContain('surveillance.energyStorage');
    expect(surveillance).not.toContain('surveillance.chargeDischarge');
    expect(surveillance).not.toContain('surveillance.earningsGlance');
    expect(childrenOf(m, 'revenueManagement')).toEqual([
      'revenueManagement.priceConfiguration',
      'revenueManagement.proxyPriceRegion',
      'revenueManagement.proxyPrice',
    ]);
  });

  it('gives the maintainer system equipment pages but not user or role management', async () => {
    const m = await menuOf(ctx, tokens.maintainer, sid('GD-SZ01'));
    expect(top(m)).toEqual(['surveillance', 'alarm', 'operationalInspection', 'task', 'remoteControl', 'system']);
    const system = childrenOf(m, 'system') ?? [];
    expect(system).toContain('system.equipment');
    expect(system).toContain('system.deviceUpgrade');
    for (const code of ['system.menu', 'system.user', 'system.role', 'system.smsConfiguration']) {
      expect(system).not.toContain(code);
    }
    expect(childrenOf(m, 'alarm')).toEqual(['alarm.realtime', 'alarm.history', 'alarm.definition']);
  });

  it('gives the group manager a read-only view of any station', async () => {
    const m = await menuOf(ctx, tokens.manager, sid('ZJ-HZ01'));
    expect(top(m)).toEqual([
      'surveillance',
      'alarm',
      'operationalInspection',
      'task',
      'strategicManagement',
      'revenueManagement',
      'runReview',
      'largeScreen',
    ]);
    expect(childrenOf(m, 'largeScreen')).toEqual([
      'largeScreen.screen',
      'largeScreen.newScreen',
      'largeScreen.commonScreen',
    ]);
  });

  it('gives the screen account the monitoring and large-screen entries only', async () => {
    const login = await call(ctx.app, null, 'POST', '/api/sys/token/screenLogin', { from: 'screen' });
    const token = login.json().data.accessToken as string;
    const m = await menuOf(ctx, token, sid('JS-SZ01'));
    expect(top(m)).toEqual(['surveillance', 'largeScreen']);
    expect(childrenOf(m, 'surveillance')).toEqual([
      'surveillance.siteHomepage',
      'surveillance.energyStorage',
      'surveillance.dashboard',
    ]);
  });

  it('gives admin every PC entry of the station type, with the granted roles plus admin', async () => {
    const m = await menuOf(ctx, tokens.admin, sid('JS-SZ01'));
    expect(top(m)).toHaveLength(10);
    const all = flatten(m);
    const byCode = new Map(all.map((i) => [i.code, i]));
    expect(childrenOf(m, 'operationalInspection')).toContain('operationalInspection.activitiDefinition');
    expect(childrenOf(m, 'system')).toContain('system.menu');
    expect(byCode.get('system.menu')?.roles).toEqual(['admin']);
    expect(byCode.get('alarm.definition')?.roles).toEqual(['admin', 'maintainer']);
    expect(byCode.get('surveillance')?.roles).toEqual(['admin', 'maintainer', 'manager', 'operator', 'screen']);
    const construction = await menuOf(ctx, tokens.admin, sid('ZJ-NB01'));
    expect(top(construction)).not.toContain('runReview');
  });

  it('keeps every field of a menu item, orders by orderNum then id, and names in the request language', async () => {
    const en = await menuOf(ctx, tokens.operator, sid('JS-SZ01'), 'en_US');
    const home = flatten(en).find((i) => i.code === 'surveillance.siteHomepage');
    const [row] = await ctx.database.db.select().from(menus).where(eq(menus.code, 'surveillance.siteHomepage'));
    expect(home).toEqual({
      id: row?.id,
      code: 'surveillance.siteHomepage',
      name: 'Site home',
      perms: null,
      url: '/surveillance/site-homepage',
      urlApp: null,
      icon: 'HomeOutlined',
      iconApp: null,
      pid: row?.pid,
      pidName: 'Monitoring',
      orderNum: row?.orderNum,
      type: 'menu',
      show: 'all',
      color: null,
      status: 1,
      hidden: false,
      isConfig: false,
      external: false,
      component: null,
      roles: ['admin', 'maintainer', 'manager', 'operator', 'screen'],
      stationTypes: [],
      stationList: [],
      createTime: row?.createTime.toISOString(),
      updateTime: row?.updateTime.toISOString(),
      children: [],
    });
    const ja = await menuOf(ctx, tokens.operator, sid('JS-SZ01'), 'ja_JP');
    const jaHome = flatten(ja).find((i) => i.code === 'surveillance.siteHomepage');
    expect([jaHome?.name, jaHome?.pidName]).toEqual(['サイトホーム', '監視']);
    expect(ja.map((i) => i.name).slice(0, 2)).toEqual(['監視', 'アラーム']);
    for (const level of [en, ...flatten(en).map((i) => i.children)]) {
      const keys = level.map((i) => [i.orderNum, i.id] as const);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    }
  });

  it('gives only station-independent entries without a station, and accepts the id as a string', async () => {
    for (const body of [{}, { stationId: null }]) {
      const res = await call(ctx.app, tokens.operator, 'POST', URL, body);
      const m: MenuItem[] = res.json().data;
      expect(top(m)).toEqual([
        'surveillance',
        'operationalInspection',
        'task',
        'strategicManagement',
        'revenueManagement',
        'largeScreen',
      ]);
      expect(childrenOf(m, 'surveillance')).toEqual([
        'surveillance.siteHomepage',
        'surveillance.siteOverview',
        'surveillance.dashboard',
      ]);
      expect(flatten(m).every((i) => i.stationTypes.length === 0 && i.stationList.length === 0)).toBe(true);
    }
    // Admin with stations gets the same rule, not the built-in system menu.
    expect(top(await menuOf(ctx, tokens.admin, null))).toContain('surveillance');
    expect(top(await menuOf(ctx, tokens.operator, String(sid('JS-SZ01'))))).toContain('runReview');
  });

  it("answers another province's station like a missing one: 404 stationNotFound", async () => {
    for (const stationId of [sid('GD-SZ01'), 999_999]) {
      const res = await call(ctx.app, tokens.operator, 'POST', URL, { stationId }, 'en_US');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: ResultCode.NOT_FOUND,
        msg: 'Station does not exist or is not accessible',
        data: null,
      });
    }
    const ja = await call(ctx.app, tokens.maintainer, 'POST', URL, { stationId: sid('JS-SZ01') }, 'ja_JP');
    expect(ja.json().msg).toBe('発電所が存在しないか、アクセス権がありません');
  });

  it('refuses malformed bodies with a localized 400 envelope, never 500', async () => {
    const bad: unknown[] = [
      { stationId: 'abc' },
      { stationId: true },
      { stationId: [1] },
      { stationId: -1 },
      { stationId: 1.5 },
      { stationId: 2 ** 31 },
      { stationId: '99999999999' },
      [],
    ];
    for (const body of bad) {
      const res = await call(ctx.app, tokens.operator, 'POST', URL, body as object, 'en_US');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(ResultCode.BAD_REQUEST);
      expect(res.json().msg).toMatch(/^Invalid request: /);
    }
    const es = await call(ctx.app, tokens.operator, 'POST', URL, { stationId: 'abc' }, 'es_ES');
    expect(es.json().msg).toMatch(/^Solicitud no válida: stationId/);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: URL,
      payload: '{"stationId": 1',
      headers: { authorization: `Bearer ${tokens.operator}`, 'content-type': 'application/json', lang: 'zh_CN' },
    });
    expect(broken.json()).toEqual({ code: 400, msg: '请求体不是有效的 JSON', data: null });
    expect((await call(ctx.app, null, 'POST', URL, { stationId: 1 })).statusCode).toBe(401);
  });
});

describe('exclusiveMenu rules on edited rows', () => {
  let ctx: TestContext;
  let tokens: Record<Role, string>;
  let sid: (code: string) => number;
  beforeAll(async () => {
    ({ ctx, tokens, sid } = await setup());
  });
  afterAll(() => ctx?.close());
  const edit = (code: string, set: Partial<typeof menus.$inferInsert>) =>
    ctx.database.db.update(menus).set(set).where(eq(menus.code, code));

  it('limits an entry to its station ids', async () => {
    await edit('surveillance.dashboard', { stationIds: [sid('JS-NJ01')] });
    expect(childrenOf(await menuOf(ctx, tokens.operator, sid('JS-NJ01')), 'surveillance')).toContain(
      'surveillance.dashboard',
    );
    const elsewhere = await menuOf(ctx, tokens.operator, sid('JS-SZ01'));
    expect(childrenOf(elsewhere, 'surveillance')).not.toContain('surveillance.dashboard');
    const none = await menuOf(ctx, tokens.operator, null);
    expect(childrenOf(none, 'surveillance')).not.toContain('surveillance.dashboard');
    const en = await menuOf(ctx, tokens.operator, sid('JS-NJ01'), 'en_US');
    expect(flatten(en).find((i) => i.code === 'surveillance.dashboard')?.stationList).toEqual([sid('JS-NJ01')]);
  });

  it('hides disabled and app-only rows with their whole branch', async () => {
    await edit('task', { status: 0 });
    await edit('surveillance.siteOverview', { show: 'app' });
    await edit('surveillance.siteHomepage', { show: 'pc' });
    const m = await menuOf(ctx, tokens.operator, sid('JS-SZ01'));
    const codes = flatten(m).map((i) => i.code);
    expect(codes).not.toContain('task');
    expect(codes).not.toContain('task.allTask');
    expect(codes).not.toContain('surveillance.siteOverview');
    expect(codes).toContain('surveillance.siteHomepage');
  });

  it('drops a granted child whose parent the user cannot see', async () => {
    const db = ctx.database.db;
    const [operator] = await db.select().from(roles).where(eq(roles.code, 'operator'));
    const [equipment] = await db.select().from(menus).where(eq(menus.code, 'system.equipment'));
    if (!operator || !equipment) throw new Error('seed changed');
    await db.insert(roleMenus).values({ roleId: operator.id, menuId: equipment.id });
    const m = await menuOf(ctx, tokens.operator, sid('JS-SZ01'));
    expect(flatten(m).map((i) => i.code)).not.toContain('system.equipment');
    // The grant itself shows in the roles of the row for those who see it.
    const admin = await menuOf(ctx, tokens.admin, sid('JS-SZ01'));
    expect(flatten(admin).find((i) => i.code === 'system.equipment')?.roles).toEqual([
      'admin',
      'maintainer',
      'operator',
    ]);
  });

  it('falls back to the row name when a language is missing, and ignores disabled roles', async () => {
    await edit('alarm', { names: { zh_CN: '告警中心' }, name: '告警中心' });
    const en = await menuOf(ctx, tokens.maintainer, sid('GD-SZ01'), 'en_US');
    expect(en.find((i) => i.code === 'alarm')?.name).toBe('告警中心');
    expect(flatten(en).find((i) => i.code === 'alarm.realtime')?.pidName).toBe('告警中心');
    await ctx.database.db
      .update(roles)
      .set({ enabled: false })
      .where(inArray(roles.code, ['maintainer']));
    const maintainer = await login(ctx.app, 'maintainer');
    // A disabled role grants no menus and no stations either: its station is out of scope.
    const disabled = await call(ctx.app, maintainer, 'POST', URL, { stationId: sid('GD-SZ01') });
    expect(disabled.statusCode).toBe(404);
    expect((await call(ctx.app, maintainer, 'POST', URL, {})).json().data).toEqual([]);
  });
});

describe('exclusiveMenu for an admin of a platform without stations', () => {
  it('returns the built-in system management menu', async () => {
    const { ctx, tokens } = await setup();
    try {
      await ctx.database.db.delete(stations);
      const m = await menuOf(ctx, tokens.admin, null, 'en_US');
      expect(top(m)).toEqual(['system']);
      expect(m[0]?.name).toBe('System');
      const children = m[0]?.children ?? [];
      expect(children.map((c) => c.code).sort()).toEqual([...BUILTIN_SYSTEM_MENU_CODES].sort());
      expect(children.map((c) => c.pidName)).toEqual(children.map(() => 'System'));
      const absent = await call(ctx.app, tokens.admin, 'POST', URL, {}, 'en_US');
      expect(absent.json().data).toEqual(m);
      // Other users without stations get only station-independent entries, never the built-in menu.
      expect(top(await menuOf(ctx, tokens.operator, null))).not.toContain('system');
    } finally {
      await ctx.close();
    }
  });
});
